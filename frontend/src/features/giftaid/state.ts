import type { TFunction } from 'i18next';
import type { BadgeColour } from '@/components/Badge';
import { pathFor } from '@/config/paths';
import type { ClaimRow, ClaimState, GiftAidState } from './api';

export const GIFT_AID_STATE_COLOURS: Record<GiftAidState, BadgeColour> = {
  claimable: 'green',
  not_eligible: 'gray',
  needs_attention: 'amber',
  excluded: 'slate',
  in_claim: 'blue',
  claimed: 'indigo',
  handled_elsewhere: 'teal',
  gasds: 'cyan',
};

export const CLAIM_STATE_COLOURS: Record<ClaimState, BadgeColour> = {
  draft: 'gray',
  sealed: 'blue',
  submitted: 'amber',
  accepted: 'green',
  rejected: 'red',
  cancelled: 'slate',
};

/** Reasons fixed on the donor (details) or its declarations; the others on the donation. */
const DONOR_DETAIL_REASONS = new Set([
  'giftaid.title_invalid',
  'giftaid.first_name_missing',
  'giftaid.last_name_missing',
  'giftaid.name_too_long',
  'giftaid.house_missing',
  'giftaid.house_too_long',
  'giftaid.postcode_missing',
  'giftaid.postcode_incomplete',
  'giftaid.postcode_invalid',
  'giftaid.company_donor',
]);
const DECLARATION_REASONS = new Set([
  'giftaid.no_declaration',
  'giftaid.oral_unconfirmed',
  'giftaid.oral_window',
]);

/** States that are not a problem to fix (claimed, or a small donation waiting for GASDS). */
const NO_FIX_REASONS = new Set([
  'giftaid.in_claim',
  'giftaid.claimed',
  'giftaid.gasds',
  'giftaid.gasds_in_claim',
]);

export type FixKind = 'donor_edit' | 'add_declaration' | 'donation_edit';

export interface FixLink {
  kind: FixKind;
  to: string;
}

/** Where a user fixes why a donation cannot be claimed. */
export function fixLinkFor(
  reason: string | null | undefined,
  donation: { id: string; donor_id?: string | null },
): FixLink | null {
  if (!reason) return null;
  if (donation.donor_id && DECLARATION_REASONS.has(reason)) {
    return {
      kind: 'add_declaration',
      to: `${pathFor('donors.show', { id: donation.donor_id })}#declarations`,
    };
  }
  if (donation.donor_id && DONOR_DETAIL_REASONS.has(reason)) {
    return { kind: 'donor_edit', to: pathFor('donors.edit', { id: donation.donor_id }) };
  }
  if (NO_FIX_REASONS.has(reason)) return null;
  return { kind: 'donation_edit', to: pathFor('donations.edit', { id: donation.id }) };
}

/**
 * The reason in the reader's language: the API's own text when it sends one, otherwise the
 * message key rendered from the locale files (same catalogue as the server's).
 */
export function reasonText(
  t: TFunction,
  row: Pick<ClaimRow, 'reason' | 'reason_text' | 'params'>,
): string {
  if (row.reason_text) return row.reason_text;
  if (!row.reason) return '';
  const key = `giftaid.reasons.${row.reason.replace(/^giftaid\./, '')}`;
  return t(key, { ...(row.params ?? {}), defaultValue: row.reason });
}
