import type { Block, PageGiving, RenderContext } from '../types';

export const GIVING: PageGiving = {
  slug: 'riverside',
  presets: ['5.00', '10.00', '25.00'],
  min_amount: '1.00',
  max_amount: '10000.00',
  providers: [{ provider: 'stripe', mode: 'live' }],
  frequencies: ['once', 'monthly', 'annual'],
  gift_aid: {
    version: '2025-1',
    declaration: 'I want to Gift Aid my donation to Riverside Food Bank.',
    statement: 'I am a UK taxpayer.',
  },
};

export function context(overrides: Partial<RenderContext> = {}): RenderContext {
  return {
    locale: 'en',
    pageId: 'pg1',
    charity: { name: 'Riverside Food Bank', registration_number: '1234567' },
    images: { 'pages/pg1/hero.jpg': 'https://files.example/hero.jpg' },
    funds: { roof: { name: 'Roof appeal', raised: '750.00', gift_aid: '150.00' } },
    giving: GIVING,
    ...overrides,
  };
}

export const donationForm = (
  props: Partial<Extract<Block, { type: 'DonationForm' }>['props']> = {},
): Block => ({
  type: 'DonationForm',
  props: {
    id: 'donate',
    heading: 'Give today',
    presets: ['10.00', '20.00'],
    default_frequency: 'monthly',
    allow_monthly: true,
    allow_annual: false,
    fund_id: null,
    ...props,
  },
});
