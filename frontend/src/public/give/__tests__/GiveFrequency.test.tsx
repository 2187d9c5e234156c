import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import type { PublicPage } from '../api';
import { donorFrequency } from '../donor';
import { publicPage, renderGive } from './page-fixture';

const PAGE = '/api/give/riverside';
const CHECKOUT = '/api/give/riverside/checkout';
const REDIRECT = 'http://127.0.0.1:8000/fake-stripe/checkout/cs_test_1';

function serve(page: PublicPage) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url.pathname === PAGE) return { body: page };
    if (call.method === 'POST' && call.url.pathname === CHECKOUT)
      return { body: { intent_id: 'int_9', token: 'tok_9', redirect_url: REDIRECT } };
    return undefined;
  });
}

async function fillDonor(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ann');
  await user.type(screen.getByLabelText('Last name'), 'Hughes');
  await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
}

const sentBody = (calls: ReturnType<typeof serve>['calls']) =>
  calls.find((call) => call.method === 'POST')?.body as Record<string, unknown> | undefined;

describe('the donation page’s "How often?" choice', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.sessionStorage.clear();
  });

  it('offers no choice on a page without frequencies and sends a one-off gift as before', async () => {
    const { calls } = serve(publicPage());
    const user = userEvent.setup();
    renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: '£10.00' }));
    expect(screen.queryByRole('group', { name: 'How often?' })).toBeNull();
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £10.00' }));
    expect(sentBody(calls)).toBeDefined();
    expect(sentBody(calls)).not.toHaveProperty('frequency');
  });

  it('sets up a monthly gift: the wording says "a month" and the request says monthly', async () => {
    const { calls } = serve(publicPage({ frequencies: ['once', 'monthly', 'annual'] }));
    const user = userEvent.setup();
    const { redirect } = renderGive('/give/riverside');
    const often = await screen.findByRole('group', { name: 'How often?' });
    expect(within(often).getByRole('radio', { name: 'Once' })).toBeChecked();
    expect(within(often).getByRole('radio', { name: 'Annually' })).not.toBeChecked();
    await user.click(within(often).getByRole('radio', { name: 'Monthly' }));
    expect(
      screen.getByRole('group', { name: 'How much would you like to give each month?' }),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '£10.00' }));
    expect(
      screen.getByText('Gift Aid would add £2.50 to each monthly gift at no cost to you.'),
    ).toBeVisible();
    expect(
      screen.getByRole('checkbox', {
        name: 'Add £0.35 a month to cover the card and processing fees',
      }),
    ).toBeVisible();
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £10.00 a month' }));
    expect(redirect).toHaveBeenCalledWith(REDIRECT);
    expect(sentBody(calls)).toMatchObject({ amount: '10.00', frequency: 'monthly' });
    // the thank-you page (another page load in this tab) knows it was a monthly gift
    expect(donorFrequency('int_9')).toBe('monthly');
  });

  it('sends an annual gift with "a year" on the button', async () => {
    const { calls } = serve(publicPage({ frequencies: ['once', 'monthly', 'annual'] }));
    const user = userEvent.setup();
    renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: 'Annually' }));
    await user.click(screen.getByRole('radio', { name: '£25.00' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £25.00 a year' }));
    expect(sentBody(calls)).toMatchObject({ amount: '25.00', frequency: 'annual' });
  });

  it('offers only the frequencies the page names, and sends "once" when it is kept', async () => {
    const { calls } = serve(publicPage({ frequencies: ['once', 'monthly'] }));
    const user = userEvent.setup();
    renderGive('/give/riverside');
    const often = await screen.findByRole('group', { name: 'How often?' });
    expect(
      within(often)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['once', 'monthly']);
    await user.click(screen.getByRole('radio', { name: '£5.00' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £5.00' }));
    expect(sentBody(calls)).toMatchObject({ amount: '5.00', frequency: 'once' });
  });

  it('asks in Spanish too', async () => {
    serve(publicPage({ frequencies: ['once', 'monthly', 'annual'] }));
    const user = userEvent.setup();
    renderGive('/give/riverside?lang=es', undefined, 'es');
    const often = await screen.findByRole('group', { name: '¿Con qué frecuencia?' });
    await user.click(within(often).getByRole('radio', { name: 'Cada mes' }));
    await user.click(screen.getByRole('radio', { name: '£10.00' }));
    expect(screen.getByRole('button', { name: 'Donar £10.00 al mes' })).toBeVisible();
  });
});
