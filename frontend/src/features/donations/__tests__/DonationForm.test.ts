import { describe, expect, it } from 'vitest';
import type { Donation } from '../api';
import { donationValuesOf, toDonationInput } from '../DonationForm';

const imported: Donation = {
  id: 'd1',
  donor_id: 'p1',
  donor_name: 'Jane Smith',
  amount: '25.00',
  date: '2026-05-01',
  type_id: 't1',
  payment_method: 'card',
  location_id: 'l1',
  source: 'stripe',
  external_ref: 'ch_1',
  benefit_value: '2.00',
  sponsored: true,
  notes: 'Raffle tickets',
  status: 'received',
  refunded_at: null,
  payment_for_goods: true,
  gasds: false,
  allocations: [
    { fund_id: 'general', amount: '15.00' },
    { fund_id: 'roof', amount: '10.00' },
  ],
  allocation_defaulted: false,
  version: 3,
  created_at: '2026-05-01T10:00:00Z',
};

describe('the donation edit form', () => {
  it('sends every field of the donation back as it was, payment for goods and split included', () => {
    const sent = toDonationInput(donationValuesOf(imported));
    const shownOnly = ['id', 'donor_name', 'version', 'created_at', 'allocation_defaulted'];
    const fields = Object.entries(imported).filter(([name]) => !shownOnly.includes(name));
    expect(sent).toEqual(Object.fromEntries(fields));
  });

  it('keeps a pending online payment pending (only the gateway sets or clears it)', () => {
    const pending: Donation = { ...imported, status: 'pending', source: 'Stripe' };
    expect(toDonationInput(donationValuesOf(pending)).status).toBe('pending');
  });
});
