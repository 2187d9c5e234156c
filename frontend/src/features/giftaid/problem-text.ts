import type { TFunction } from 'i18next';

// Apart from state.ts, which the Donations list loads (its badge): this one's messages (the claim
// screen's, `giftaid.claim`) are the claim page's only (ADR 0023).

/** A pre-flight or gateway problem with its line: the server's sentence when it sends one. */
export function problemText(
  t: TFunction,
  problem: { line: number | null; field: string; key: string; text?: string },
): string {
  if (problem.text) return problem.text;
  const what = t(`giftaid.problem_keys.${problem.key.replace(/\./g, '_')}`, {
    defaultValue: problem.key,
  });
  return problem.line === null
    ? what
    : t('giftaid.claim.line_problem', { line: problem.line, field: problem.field, what });
}
