import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { PreviewRow } from '../api';
import { donorName, otherDetails } from '../PreviewTable';

const describeWith = {
  t: i18n.t.bind(i18n),
  locale: 'en',
  source: 'file',
  typeName: (id: string | null) => (id === 'type1' ? 'Appeal' : ''),
  locationName: () => '',
};

describe('preview rows', () => {
  it('names the donor by company, else by title, first and last name', () => {
    expect(donorName({ title: 'Dr', first_name: 'Zoë', last_name: 'Brontë' })).toBe(
      'Dr Zoë Brontë',
    );
    expect(donorName({ first_name: 'A', company_name: 'Acme Ltd' })).toBe('Acme Ltd');
    expect(donorName(null)).toBe('');
  });

  it('lists the other stored values in words, leaving out blanks and the usual defaults', () => {
    const row: PreviewRow = {
      row: 2,
      donor: { type: 'individual', first_name: 'Ada', country: 'GB', town: 'Bath', phone: null },
      donation: {
        amount: '5.00',
        date: '2026-01-01',
        payment_method: 'cheque',
        status: 'received',
        source: 'file',
        sponsored: false,
        type_id: 'type1',
        benefit_value: '2.50',
        notes: 'Thanks',
      },
      declaration: { method: 'written', date_given: '2026-01-03' },
      errors: [],
    };
    expect(otherDetails(row, describeWith)).toEqual([
      'Town: Bath',
      'Payment method: Cheque',
      'Donation type: Appeal',
      'Benefit value (£): £2.50',
      'Notes: Thanks',
      'Date given: 3 Jan 2026',
    ]);
  });

  it('keeps a value that differs from the usual one', () => {
    const row: PreviewRow = {
      row: 3,
      donor: { country: 'IE' },
      donation: { status: 'refunded', source: 'Summer fair' },
      declaration: null,
      errors: [],
    };
    expect(otherDetails(row, describeWith)).toEqual([
      'Country: IE',
      'Status: Refunded',
      'Campaign or source: Summer fair',
    ]);
  });
});
