import { screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import type { GiftAidInfo } from '../api';
import { DonationGiftAid } from '../DonationGiftAid';
import { problemText } from '../problem-text';

const inClaim: GiftAidInfo = {
  state: 'in_claim',
  reason: 'giftaid.in_claim',
  reason_text: 'in a claim',
  params: {},
  amount: '2.50',
  claim_id: 'c1',
};

describe('a donation held by a claim', () => {
  afterEach(() => authStore.clear());

  it('explains that its amount, date and donor are fixed, and links to the claim', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-donations', 'manage-passed-claim'] }));
    renderWithProviders(
      <DonationGiftAid donation={{ id: 'd1', donor_id: 'p1', gift_aid: inClaim }} />,
    );
    const note = await screen.findByTestId('gift-aid-held');
    expect(note).toHaveTextContent(
      'its amount, date and donor cannot be changed and it cannot be deleted',
    );
    expect(within(note).getByRole('link', { name: 'Open the claim' })).toHaveAttribute(
      'href',
      '/gift-aid/passed-claimed/c1',
    );
    // nothing to exclude while a claim holds it
    expect(screen.queryByRole('button', { name: 'Exclude from claims' })).toBeNull();
  });

  it('tells how to correct a claimed donation, without a link for those who cannot open claims', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-donations'] }));
    renderWithProviders(
      <DonationGiftAid
        donation={{ id: 'd1', donor_id: 'p1', gift_aid: { ...inClaim, state: 'claimed' } }}
      />,
    );
    const note = await screen.findByTestId('gift-aid-held');
    expect(note).toHaveTextContent('record a refund: its Gift Aid is deducted in the next claim');
    expect(within(note).queryByRole('link')).toBeNull();
  });

  it('shows no such note for a claimable donation', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-donations'] }));
    renderWithProviders(
      <DonationGiftAid
        donation={{
          id: 'd1',
          donor_id: 'p1',
          gift_aid: {
            ...inClaim,
            state: 'claimable',
            reason: null,
            reason_text: null,
            claim_id: null,
          },
        }}
      />,
    );
    await screen.findByTestId('donation-gift-aid');
    expect(screen.queryByTestId('gift-aid-held')).toBeNull();
  });
});

describe('problemText', () => {
  const t = ((key: string) => `[${key}]`) as unknown as TFunction;

  it("uses the server's sentence when there is one", () => {
    const text = "Line 1, Postcode: Postcode 'BA1' is not a full UK postcode";
    expect(problemText(t, { line: 1, field: 'postcode', key: 'hmrc.postcode.format', text })).toBe(
      text,
    );
  });

  it('falls back to the local catalogue without one', () => {
    expect(
      problemText(t, { line: null, field: 'settings', key: 'giftaid.settings_incomplete' }),
    ).toBe('[giftaid.problem_keys.giftaid_settings_incomplete]');
  });
});
