import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { summarise, toAllocations, splitOf, type SplitValue } from '../split';
import { fundValuesOf } from '../FundPanel';
import { validateFund, validateTransfer } from '../validation';

const t = i18n.t.bind(i18n);

describe('the donation split editor', () => {
  it('shows what is left to place, or how much too much, in amount mode', () => {
    const split: SplitValue = {
      mode: 'amount',
      lines: [
        { fund_id: 'general', value: '30' },
        { fund_id: 'roof', value: '£50.50' },
      ],
    };
    expect(summarise('100', split)).toMatchObject({ remainder: 1950, complete: false });
    const over = { ...split, lines: [split.lines[0]!, { fund_id: 'roof', value: '80' }] };
    expect(summarise('100', over)).toMatchObject({ remainder: -1000, complete: false });
    const exact = { ...split, lines: [split.lines[0]!, { fund_id: 'roof', value: '70' }] };
    expect(summarise('100', exact)).toMatchObject({ remainder: 0, complete: true });
    expect(toAllocations('100', exact)).toEqual([
      { fund_id: 'general', amount: '30.00' },
      { fund_id: 'roof', amount: '70.00' },
    ]);
  });

  it('books percentages like the server: rounded down, the pence left to the first line', () => {
    const thirds: SplitValue = {
      mode: 'percent',
      lines: [
        { fund_id: 'a', value: '33.3334' },
        { fund_id: 'b', value: '33.3333' },
        { fund_id: 'c', value: '33.3333%' },
      ],
    };
    const summary = summarise('10.00', thirds);
    expect(summary.shares).toEqual([334, 333, 333]);
    expect(summary.complete).toBe(true);
    expect(toAllocations('10', thirds)).toEqual([
      { fund_id: 'a', percent: '33.3334' },
      { fund_id: 'b', percent: '33.3333' },
      { fund_id: 'c', percent: '33.3333' },
    ]);
    const short = { ...thirds, lines: thirds.lines.slice(0, 2) };
    expect(summarise('10.00', short)).toMatchObject({
      remainderPercent: '33.3333',
      complete: false,
    });
  });

  it('sends no split for the default fund alone and the whole amount for one other fund', () => {
    expect(toAllocations('12', splitOf(undefined))).toBeNull();
    expect(toAllocations('12', splitOf([{ fund_id: 'roof', amount: '10.00' }]))).toEqual([
      { fund_id: 'roof', amount: '12.00' },
    ]);
  });
});

describe('the fund rules checked on the client', () => {
  it('limits the finance code to 20 characters and the name to 100', () => {
    const values = { ...fundValuesOf(null), name: 'N'.repeat(101), finance_code: 'X'.repeat(21) };
    expect(validateFund(values, t)).toEqual({
      name: ['At most 100 characters.'],
      finance_code: ['At most 20 characters.'],
    });
  });

  it('refuses a transfer to the same fund or in the future', () => {
    const errors = validateTransfer(
      {
        from_fund_id: 'a',
        to_fund_id: 'a',
        amount: '0',
        date: '2999-01-01',
        reason: 'other',
        note: '',
      },
      'unrestricted_general',
      '2026-05-01',
      t,
    );
    expect(Object.keys(errors).sort()).toEqual(['amount', 'date', 'to_fund_id']);
  });
});
