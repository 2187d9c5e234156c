import { moneyInput } from './money';

/**
 * The Gift Aid Small Donations Scheme as the donation form offers it (GIFT_AID.md §5; the
 * server's rule is `functions/domain/giftaid/gasds.py`, which has the last word): a cash
 * donation (contactless too from 6 April 2019) of at most £20 (£30 from 6 April 2019), with no
 * benefit, no sponsorship, not a payment for goods. Such a donation is never Gift Aid.
 */
export interface GasdsRule {
  from: string;
  limit: string;
  methods: readonly string[];
}

export const GASDS_RULES: readonly GasdsRule[] = [
  { from: '2013-04-06', limit: '20.00', methods: ['cash'] },
  { from: '2019-04-06', limit: '30.00', methods: ['cash', 'contactless'] },
];

/** The rule in force on an ISO date (the oldest one before it). */
export function gasdsRuleOn(date: string): GasdsRule {
  let chosen = GASDS_RULES[0]!;
  for (const rule of GASDS_RULES) if (rule.from <= date) chosen = rule;
  return chosen;
}

function pence(amount: string): number | null {
  const normal = moneyInput(amount);
  return /^\d+\.\d{2}$/.test(normal) ? Number(normal.replace('.', '')) : null;
}

export interface GasdsFacts {
  amount: string;
  date: string;
  payment_method: string;
  benefit_value: string;
  sponsored: boolean;
  payment_for_goods?: boolean;
}

/** Whether the form may offer "small donation (GASDS)" for these values. */
export function gasdsAllowed(values: GasdsFacts): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) return false;
  const rule = gasdsRuleOn(values.date);
  const amount = pence(values.amount);
  if (amount === null || amount <= 0 || amount > (pence(rule.limit) ?? 0)) return false;
  if (!rule.methods.includes(values.payment_method)) return false;
  const benefit = values.benefit_value.trim() ? pence(values.benefit_value) : 0;
  if (benefit === null || benefit > 0) return false;
  return !values.sponsored && !values.payment_for_goods;
}
