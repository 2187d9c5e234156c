import { moneyInput } from '@/features/donations/money';

/** The donation form's "Funds" section: lines of a fund and an amount or a percentage. */
export type SplitMode = 'amount' | 'percent';
export interface SplitLineValue {
  fund_id: string;
  /** A project of the fund the line is for (optional). */
  project_id?: string;
  /** Pounds as typed (amount mode) or a percentage as typed (percent mode). */
  value: string;
}
export interface SplitValue {
  mode: SplitMode;
  lines: SplitLineValue[];
}

/** What a donation sends per line (functions/donations/schemas.py AllocationBody). */
export interface AllocationInput {
  fund_id: string;
  project_id?: string;
  amount?: string;
  percent?: string;
}

export const DEFAULT_FUND_ID = 'general';

export function defaultSplit(fundId: string = DEFAULT_FUND_ID): SplitValue {
  return { mode: 'amount', lines: [{ fund_id: fundId, value: '' }] };
}

/** Pence of "12.50" / "£1,200" (null when not money). */
export function pence(text: string): number | null {
  const normal = moneyInput(text);
  if (!/^\d+\.\d{2}$/.test(normal)) return null;
  return Number(normal.replace('.', ''));
}

/** A percentage in ten-thousandths (4 decimals, like the API), null when not one. */
function percentUnits(text: string): number | null {
  const clean = text.trim().replace(/%$/, '').trim();
  if (!/^\d+(\.\d{1,4})?$/.test(clean)) return null;
  const [whole = '0', part = ''] = clean.split('.');
  return Number(whole) * 10000 + Number(part.padEnd(4, '0'));
}

export function penceText(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface SplitSummary {
  /** Pence per line as the server would book them (null where a line cannot be read). */
  shares: (number | null)[];
  /** Amount mode: pence still to place (negative: too much). Percent mode: the same in
   * percentage points as text ("-5", "12.5"). */
  remainder: number;
  remainderPercent: string;
  /** The lines add up (every line readable and above zero). */
  complete: boolean;
}

/** What the lines come to for a donation of `total` (pounds as typed): the server's rules of
 * functions/domain/funds.py split() — percentages are rounded down and the pence left over go
 * to the first line. */
export function summarise(total: string, split: SplitValue): SplitSummary {
  const totalPence = pence(total) ?? 0;
  if (split.mode === 'amount') {
    const shares = split.lines.map((line) => pence(line.value));
    const given = shares.reduce<number>((sum, share) => sum + (share ?? 0), 0);
    const remainder = totalPence - given;
    const complete =
      totalPence > 0 && remainder === 0 && shares.every((share) => share !== null && share > 0);
    return { shares, remainder, remainderPercent: '', complete };
  }
  const units = split.lines.map((line) => percentUnits(line.value));
  const givenUnits = units.reduce<number>((sum, unit) => sum + (unit ?? 0), 0);
  const left = 1_000_000 - givenUnits;
  const shares = units.map((unit) =>
    unit === null ? null : Math.floor((totalPence * unit) / 1_000_000),
  );
  if (left === 0 && shares.length > 0 && shares[0] !== null) {
    const booked = shares.reduce<number>((sum, share) => sum + (share ?? 0), 0);
    shares[0] = (shares[0] ?? 0) + totalPence - booked;
  }
  const complete =
    totalPence > 0 &&
    left === 0 &&
    units.every((unit) => unit !== null && unit > 0) &&
    shares.every((share) => share !== null && share > 0);
  const remainder = left === 0 ? 0 : totalPence - shares.reduce<number>((s, v) => s + (v ?? 0), 0);
  return { shares, remainder, remainderPercent: String(left / 10000), complete };
}

/** What the form sends: nothing for one line on the default fund (the server books it to the
 * default fund, flagged as defaulted), the whole amount for one other fund, else every line. */
export function toAllocations(total: string, split: SplitValue): AllocationInput[] | null {
  const lines = split.lines.filter((line) => line.fund_id);
  if (lines.length === 0) return null;
  if (lines.length === 1) {
    const only = lines[0]!;
    return only.fund_id === DEFAULT_FUND_ID && split.lines.length === 1 && !only.project_id
      ? null
      : [{ ...target(only), amount: moneyInput(total) }];
  }
  return lines.map((line) =>
    split.mode === 'amount'
      ? { ...target(line), amount: moneyInput(line.value) }
      : { ...target(line), percent: line.value.trim().replace(/%$/, '').trim() },
  );
}

/** A line's fund and, when it names one, its project. */
function target(line: SplitLineValue): { fund_id: string; project_id?: string } {
  return line.project_id
    ? { fund_id: line.fund_id, project_id: line.project_id }
    : { fund_id: line.fund_id };
}

/** The stored split of a donation as the form's lines (amount mode). */
export function splitOf(
  allocations: { fund_id: string; project_id?: string; amount: string }[] | undefined,
): SplitValue {
  if (!allocations || allocations.length === 0) return defaultSplit();
  return {
    mode: 'amount',
    lines: allocations.map((line) => ({
      fund_id: line.fund_id,
      ...(line.project_id ? { project_id: line.project_id } : {}),
      value: line.amount,
    })),
  };
}

export function sameSplit(a: SplitValue, b: SplitValue): boolean {
  return (
    a.mode === b.mode &&
    a.lines.length === b.lines.length &&
    a.lines.every(
      (line, index) =>
        line.fund_id === b.lines[index]?.fund_id &&
        (line.project_id ?? '') === (b.lines[index]?.project_id ?? '') &&
        line.value === b.lines[index]?.value,
    )
  );
}
