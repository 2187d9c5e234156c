import { describe, expect, it } from 'vitest';
import type { GasdsEstimate } from '../api';
import { explainGasds } from '../gasds';

const base: GasdsEstimate = {
  tax_year: '2025-26',
  tax_year_end: 2026,
  count: 3,
  waiting: '90.00',
  gift_aided: '40.00',
  limit: '8000.00',
  matching_limit: '400.00',
  already_claimed: '0.00',
  estimate: '90.00',
  top_up: '22.50',
};

describe('why a tax year of GASDS is what it is', () => {
  it.each([
    ['every small donation fits', {}, 'all', false],
    ['nothing waiting', { waiting: '0.00', estimate: '0.00', count: 0 }, 'nothing_waiting', false],
    [
      'no Gift Aid claimed that year',
      { matching_limit: '0.00', gift_aided: '0.00', estimate: '0.00' },
      'no_gift_aid',
      false,
    ],
    ['the 10× rule', { matching_limit: '50.00', estimate: '50.00' }, 'matching', false],
    [
      'the £8,000 maximum',
      { waiting: '9000.00', matching_limit: '100000.00', estimate: '8000.00' },
      'limit',
      false,
    ],
    [
      '£7,990 already claimed elsewhere',
      {
        waiting: '60.00',
        matching_limit: '100000.00',
        already_claimed: '7990.00',
        estimate: '10.00',
      },
      'limit',
      true,
    ],
    ['all fits despite another claim', { already_claimed: '100.00' }, 'all', true],
  ])('%s', (_name, change, binding, shared) => {
    expect(explainGasds({ ...base, ...change })).toEqual({ binding, shared });
  });
});
