import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { PublicPage } from '../api';
import { GiveApp } from '../GiveApp';
import { createPublicI18n, type PublicLocale } from '../i18n';

/** The public page as GET /api/give/{slug} answers it (contract18, giving area). */
export function publicPage(overrides: Partial<PublicPage> = {}): PublicPage {
  return {
    charity: { name: 'Riverside Food Bank', registration_number: '1234567' },
    title: 'Feed a family this winter',
    intro: 'Every £10 fills a bag of food.',
    presets: ['5.00', '10.00', '25.00'],
    min_amount: '1.00',
    max_amount: '10000.00',
    funds: [],
    cover_fees: true,
    fee: { percent: '1.5', fixed: '0.20' },
    providers: [{ provider: 'stripe', mode: 'live' }],
    gift_aid: {
      version: '2025-1',
      declaration:
        'I want to Gift Aid my donation and any donations I make in the future or have made in the past 4 years to Riverside Food Bank.',
      statement:
        'I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.',
    },
    ...overrides,
  };
}

/** The page at an address (path and query), in a language; `redirect` sees where it leaves for. */
export function renderGive(address: string, redirect = vi.fn(), locale: PublicLocale = 'en') {
  const location = new URL(address, 'http://localhost') as unknown as Location;
  const i18n = createPublicI18n(locale);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <GiveApp location={location} redirect={redirect} />
    </I18nextProvider>,
  );
  return { ...view, redirect, i18n };
}
