import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Donation } from '@/features/donations/api';
import { DonationForm, donationValuesOf } from '@/features/donations/DonationForm';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const STORED: Donation = {
  id: 'd1',
  donor_id: null,
  donor_name: null,
  amount: '10.00',
  date: '2026-11-20',
  type_id: null,
  payment_method: 'stripe',
  location_id: null,
  source: 'Stripe',
  external_ref: 'pi_1',
  benefit_value: null,
  sponsored: false,
  notes: null,
  status: 'received',
  refunded_at: null,
  payment_for_goods: false,
  gasds: false,
  allocations: [],
  allocation_defaulted: true,
  version: 1,
  created_at: '2026-11-20T10:00:00Z',
};

function statusOptions(donation: Donation): string[] {
  mockApi(() => undefined);
  renderWithProviders(
    <DonationForm
      initial={donationValuesOf(donation)}
      submitLabel="Save"
      onSubmit={vi.fn()}
      onSaved={() => {}}
      onCancel={() => {}}
    />,
  );
  const select = screen.getByRole('combobox', { name: /^Status/ });
  expect(select).toBeVisible();
  return Array.from((select as HTMLSelectElement).options).map((option) => option.text);
}

describe('the status of the donation form', () => {
  it('shows a pending online payment as pending, the one case it is offered', () => {
    expect(statusOptions({ ...STORED, status: 'pending' })).toEqual([
      'Received',
      'Refunded',
      'Cancelled',
      'Pending (payment clearing)',
    ]);
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveDisplayValue(
      'Pending (payment clearing)',
    );
  });

  it('never offers pending for any other donation', () => {
    expect(statusOptions(STORED)).toEqual(['Received', 'Refunded', 'Cancelled']);
  });
});
