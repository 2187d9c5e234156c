import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import AccountsPage, { parsePresets } from '../AccountsPage';
import type { BillingAccount, GivingPageSettings } from '../api';

const PAGE: GivingPageSettings = {
  slug: 'hope-trust',
  enabled: true,
  title: 'Give to Hope Trust',
  intro: null,
  presets: ['5.00', '10.00', '25.00'],
  min_amount: '1.00',
  max_amount: '10000.00',
  fund_ids: ['roof'],
  cover_fees: true,
  thank_you: null,
  page_url: 'http://127.0.0.1:8000/give/hope-trust',
  version: 3,
};

const STRIPE: BillingAccount = {
  provider: 'stripe',
  mode: 'live',
  status: 'active',
  account_name: 'Hope Trust',
  default_fund_id: 'roof',
  default_fund_name: 'Roof appeal',
  last_event_at: '2026-11-25T09:05:00Z',
  failures_24h: 2,
  page_url: 'http://127.0.0.1:8000/give/hope-trust',
  embed_code: '<a href="http://127.0.0.1:8000/give/hope-trust">Donate</a>',
};

const FUNDS = {
  data: [
    {
      id: 'general',
      name: 'General',
      finance_code: null,
      fund_class: 'unrestricted_general',
      description: null,
      default: true,
    },
    {
      id: 'roof',
      name: 'Roof appeal',
      finance_code: null,
      fund_class: 'restricted',
      description: null,
      default: false,
    },
  ],
};

function mockAccounts(
  accounts: BillingAccount[],
  extra: (call: RecordedCall) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.pathname === '/api/billings/accounts') return { body: { data: accounts } };
    if (call.url.pathname === '/api/giving-page' && call.method === 'GET') return { body: PAGE };
    if (call.url.pathname === '/api/funds/options') return { body: FUNDS };
    if (call.url.pathname === '/api/pages/embed-settings') return { body: { origins: [] } };
    if (call.url.pathname === '/api/pages') return { body: { data: [], meta: {} } };
    return undefined;
  });
}

describe('the Website Integration screen (/billings/accounts)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows each account with its mode, webhook health, page address and embed code', async () => {
    const { calls } = mockAccounts([
      STRIPE,
      { ...STRIPE, provider: 'paypal', mode: 'test', failures_24h: 0 },
    ]);
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />);
    const stripe = await screen.findByTestId('account-stripe');
    expect(within(stripe).getByTestId('mode-badge')).toHaveTextContent('Live');
    expect(within(stripe).getByText('Roof appeal')).toBeVisible();
    const failures = within(stripe).getByTestId('failures-stripe');
    expect(within(failures).getByText('2 failed calls')).toHaveClass('text-danger');
    expect(within(failures).getByRole('link', { name: 'See failed calls' })).toHaveAttribute(
      'href',
      '/webhook-calls?status=failed',
    );
    const paypal = screen.getByTestId('account-paypal');
    expect(within(paypal).getByTestId('mode-badge')).toHaveTextContent('Test mode');
    expect(within(paypal).getByTestId('failures-paypal')).toHaveTextContent('None');
    expect(within(stripe).getByLabelText('Embed code')).toHaveValue(STRIPE.embed_code);
    expect(within(stripe).getByLabelText('Embed code')).toHaveAttribute('readonly');
    await user.click(within(stripe).getByRole('button', { name: 'Copy the embed code' }));
    expect(await navigator.clipboard.readText()).toBe(STRIPE.embed_code);
    // on load: the accounts, the page's settings and the widget's (funds only once editing)
    expect(calls.map((call) => call.url.pathname).sort()).toEqual([
      '/api/billings/accounts',
      '/api/giving-page',
      '/api/pages',
      '/api/pages/embed-settings',
    ]);
  });

  it('sends to the payment gateways screen when nothing is connected', async () => {
    mockAccounts([]);
    renderWithProviders(<AccountsPage />);
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByText('No payment gateway connected')).toBeVisible();
    expect(within(empty).getByRole('link', { name: 'Connect a payment gateway' })).toHaveAttribute(
      'href',
      '/payment-gateways',
    );
  });

  it('saves the page settings, showing a taken address under its input and a stale version', async () => {
    const taken = 'That address is taken';
    const stale = 'These settings were changed by someone else. Reload the page and try again.';
    let attempt = 0;
    const { calls } = mockAccounts([STRIPE], (call) => {
      if (call.url.pathname !== '/api/giving-page' || call.method !== 'PUT') return undefined;
      attempt += 1;
      return attempt === 1
        ? { status: 422, body: { message: taken, errors: { slug: [taken] } } }
        : { status: 409, body: { message: stale } };
    });
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />);
    const card = await screen.findByTestId('giving-page');
    await user.click(within(card).getByRole('button', { name: 'Edit page settings' }));
    await user.click(await within(card).findByLabelText('General'));
    const presets = within(card).getByLabelText('Preset amounts');
    await user.clear(presets);
    await user.type(presets, '£5, 10, 20.5');
    const slug = within(card).getByLabelText('Page address');
    await user.clear(slug);
    await user.type(slug, 'taken-one');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(taken)).toBeVisible();
    expect(within(card).getByLabelText('Page address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      slug: 'taken-one',
      enabled: true,
      title: 'Give to Hope Trust',
      intro: null,
      presets: ['5.00', '10.00', '20.50'],
      min_amount: '1.00',
      max_amount: '10000.00',
      fund_ids: ['roof', 'general'],
      cover_fees: true,
      thank_you: null,
      version: 3,
    });
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(stale)).toBeVisible();
  });

  it('reads preset amounts typed in pounds', () => {
    expect(parsePresets('5, £10 25.5')).toEqual(['5.00', '10.00', '25.50']);
    expect(parsePresets('five')).toEqual(['five']);
  });
});
