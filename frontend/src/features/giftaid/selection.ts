import { formatDate, formatMoney } from '@/lib/format';
import type { ClaimRow, ClaimableTotals, NewClaimInput } from './api';

export type Selection = { mode: 'all' } | { mode: 'some'; ids: string[] };

/** What the New Claim screen is about to claim, and the request that claims it. */
export interface SelectionSummary {
  count: number;
  donationTotal: string;
  giftAidTotal: string;
  request: NewClaimInput | null;
}

function pence(amount: string | undefined): number {
  if (!amount) return 0;
  const [whole = '0', fraction = ''] = amount.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}

function money(total: number): string {
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(total);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * "All" claims every claimable donation (the server's totals, across every page); "some" claims
 * the selected rows, summed in pence from the rows seen (selected rows stay known across pages).
 */
export function summarise(
  selection: Selection,
  totals: ClaimableTotals,
  known: ReadonlyMap<string, ClaimRow>,
): SelectionSummary {
  if (selection.mode === 'all') {
    return {
      count: totals.count,
      donationTotal: totals.donation_total,
      giftAidTotal: totals.gift_aid_total,
      request: totals.count > 0 ? { all: true } : null,
    };
  }
  const ids = [...new Set(selection.ids)].filter((id) => known.has(id));
  let amount = 0;
  let giftAid = 0;
  for (const id of ids) {
    const row = known.get(id);
    amount += pence(row?.amount);
    giftAid += pence(row?.gift_aid);
  }
  return {
    count: ids.length,
    donationTotal: money(amount),
    giftAidTotal: money(giftAid),
    request: ids.length > 0 ? { donation_ids: ids } : null,
  };
}

/** A donation as the New Claim lists name it: date · amount · donor. */
export function donationLabel(
  row: Pick<ClaimRow, 'date' | 'amount' | 'donor_name'>,
  locale: string,
): string {
  const parts = [formatDate(row.date, locale), formatMoney(row.amount, locale)];
  if (row.donor_name) parts.push(row.donor_name);
  return parts.join(' · ');
}
