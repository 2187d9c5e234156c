import type { GasdsEstimate } from './api';

/** What limits a tax year's GASDS estimate, so New Claim can say why it is what it is. */
export type GasdsBinding = 'nothing_waiting' | 'all' | 'no_gift_aid' | 'matching' | 'limit';

export interface GasdsExplanation {
  binding: GasdsBinding;
  /** Other claims already carry part of this tax year's maximum. */
  shared: boolean;
}

function pence(amount: string): number {
  const [pounds = '0', rest = ''] = amount.split('.');
  return Number(pounds) * 100 + Number(rest.padEnd(2, '0').slice(0, 2));
}

/**
 * The rule behind an estimate (GIFT_AID.md §5): all the small donations waiting, or the lower of
 * the yearly maximum (£8,000) and 10 × the Gift Aid donations claimed that year, less what other
 * claims already carry.
 */
export function explainGasds(row: GasdsEstimate): GasdsExplanation {
  const waiting = pence(row.waiting);
  const estimate = pence(row.estimate);
  const shared = pence(row.already_claimed) > 0;
  if (waiting === 0) return { binding: 'nothing_waiting', shared: false };
  if (estimate >= waiting) return { binding: 'all', shared };
  const matching = pence(row.matching_limit);
  if (matching === 0) return { binding: 'no_gift_aid', shared };
  return { binding: matching < pence(row.limit) ? 'matching' : 'limit', shared };
}
