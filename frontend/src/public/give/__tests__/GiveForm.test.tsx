import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import { pickLocale } from '../i18n';
import { publicPage, renderGive } from './page-fixture';

const PAGE = '/api/give/riverside';
const CHECKOUT = '/api/give/riverside/checkout';
const REDIRECT = 'http://127.0.0.1:8000/fake-stripe/checkout/cs_test_1';

function serve(
  page = publicPage(),
  checkout: (call: RecordedCall) => { status?: number; body?: unknown } = () => ({
    body: { intent_id: 'int_1', token: 'tok_1', redirect_url: REDIRECT },
  }),
) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url.pathname === PAGE) return { body: page };
    if (call.method === 'POST' && call.url.pathname === CHECKOUT) return checkout(call);
    return undefined;
  });
}

const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').pop() ?? '');

async function fillDonor(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Ann');
  await user.type(screen.getByLabelText('Last name'), 'Hughes');
  await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
}

describe('the public donation page', () => {
  // The language link rewrites the address; the next test starts from a clean one.
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the charity, the page and an unticked Gift Aid box, unticked consents and a hidden honeypot', async () => {
    serve();
    renderGive('/give/riverside');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feed a family this winter' }),
    ).toBeVisible();
    expect(screen.getByText('Riverside Food Bank')).toBeVisible();
    expect(screen.getByText('Registered charity number 1234567')).toBeVisible();
    expect(screen.getByText('Every £10 fills a bag of food.')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Feed a family this winter'));
    expect(screen.getByText('Boost your donation by 25p for every £1 you give')).toBeVisible();
    const giftAid = screen.getByRole('checkbox', { name: /I want to Gift Aid my donation/ });
    expect(giftAid).not.toBeChecked();
    for (const name of ['By email', 'By post', 'By phone', 'By text message (SMS)'])
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    // No address is asked for until Gift Aid is ticked.
    expect(screen.queryByLabelText('House name or number')).not.toBeInTheDocument();
    // The honeypot is in the form for bots, hidden from people and assistive technology.
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.getAttribute('autocomplete')).toBe('off');
    expect(honeypot?.closest('[aria-hidden="true"]')).toHaveClass('give-honeypot');
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    // One provider, live: no choice and no test banner.
    expect(screen.queryByRole('radio', { name: 'PayPal' })).toBeNull();
    expect(screen.queryByText('Test mode — no real money is taken')).toBeNull();
  });

  it('checks the form before sending: errors under the inputs, the focus on the first', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderGive('/give/riverside');
    await user.click(await screen.findByRole('button', { name: 'Donate' }));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByText('There is a problem')).toBeVisible();
    expect(within(summary).getByText('Choose an amount or enter another amount')).toBeVisible();
    expect(errorOf(screen.getByLabelText('First name'))).toHaveTextContent('Enter your first name');
    expect(errorOf(screen.getByLabelText('Email address'))).toHaveTextContent(
      'Enter your email address',
    );
    expect(screen.getByRole('radio', { name: '£5.00' })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps another amount within the page’s minimum and maximum', async () => {
    const { calls } = serve(publicPage({ min_amount: '2.00', max_amount: '500.00' }));
    const user = userEvent.setup();
    renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: 'Other amount' }));
    const other = screen.getByLabelText('Amount in pounds');
    expect(screen.getByText('Between £2.00 and £500.00')).toBeVisible();
    await user.type(other, '1.50');
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £1.50' }));
    expect(errorOf(other)).toHaveTextContent('Enter an amount between £2.00 and £500.00');
    expect(other).toHaveFocus();
    await user.clear(other);
    await user.type(other, '500.01');
    await user.click(screen.getByRole('button', { name: 'Donate £500.01' }));
    expect(errorOf(other)).toHaveTextContent('Enter an amount between £2.00 and £500.00');
    await user.clear(other);
    await user.type(other, 'ten');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    expect(errorOf(other)).toHaveTextContent('Enter an amount in pounds, like 15 or 15.50');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('with Gift Aid ticked asks for the home address and the tax statement, then starts Checkout', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    const { redirect } = renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: '£10.00' }));
    await fillDonor(user);
    await user.click(screen.getByRole('checkbox', { name: 'By post' }));
    await user.click(screen.getByRole('checkbox', { name: /I want to Gift Aid my donation/ }));
    await user.click(screen.getByRole('button', { name: 'Donate £10.00' }));
    expect(errorOf(screen.getByLabelText('House name or number'))).toHaveTextContent(
      'Enter your house name or number',
    );
    expect(errorOf(screen.getByLabelText('Postcode'))).toHaveTextContent('Enter your postcode');
    expect(errorOf(screen.getByRole('checkbox', { name: /I am a UK taxpayer/ }))).toHaveTextContent(
      'Confirm the tax statement to claim Gift Aid, or untick Gift Aid',
    );
    expect(screen.getByLabelText('House name or number')).toHaveFocus();
    expect(screen.getByLabelText('House name or number')).toHaveAttribute('maxlength', '40');

    await user.type(screen.getByLabelText('House name or number'), '12');
    await user.type(screen.getByLabelText('Address line 1'), 'High Street');
    await user.type(screen.getByLabelText('Town or city'), 'Leeds');
    await user.type(screen.getByLabelText('Postcode'), 'not a postcode');
    await user.click(screen.getByRole('checkbox', { name: /I am a UK taxpayer/ }));
    await user.click(screen.getByRole('button', { name: 'Donate £10.00' }));
    expect(errorOf(screen.getByLabelText('Postcode'))).toHaveTextContent(/Enter a UK postcode/);
    await user.clear(screen.getByLabelText('Postcode'));
    await user.type(screen.getByLabelText('Postcode'), 'ls1 4ap');
    await user.click(screen.getByRole('button', { name: 'Donate £10.00' }));

    expect(redirect).toHaveBeenCalledWith(REDIRECT);
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      amount: '10.00',
      cover_fees: false,
      provider: 'stripe',
      first_name: 'Ann',
      last_name: 'Hughes',
      email: 'ann@example.com',
      consents: { email: false, post: true, phone: false, sms: false },
      gift_aid: true,
      house: '12',
      address_line1: 'High Street',
      town: 'Leeds',
      postcode: 'LS1 4AP',
      overseas: false,
      tax_statement: true,
      website: '',
    });
  });

  it('an overseas donor gives a country instead of a postcode', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: '£25.00' }));
    await fillDonor(user);
    await user.click(screen.getByRole('checkbox', { name: /I want to Gift Aid my donation/ }));
    await user.click(screen.getByRole('checkbox', { name: 'I live outside the UK' }));
    expect(screen.queryByLabelText('Postcode')).toBeNull();
    await user.type(screen.getByLabelText('House name or number'), 'Casa Azul');
    await user.type(screen.getByLabelText('Address line 1'), 'Calle Mayor 3');
    await user.type(screen.getByLabelText('Town or city'), 'Madrid');
    await user.click(screen.getByRole('checkbox', { name: /I am a UK taxpayer/ }));
    await user.click(screen.getByRole('button', { name: 'Donate £25.00' }));
    expect(errorOf(screen.getByLabelText('Country'))).toHaveTextContent('Enter your country');
    await user.type(screen.getByLabelText('Country'), 'Spain');
    await user.click(screen.getByRole('button', { name: 'Donate £25.00' }));
    const sent = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ overseas: true, country: 'Spain', gift_aid: true });
    expect(sent).not.toHaveProperty('postcode');
  });

  it('shows the server’s 422 messages under the named inputs and moves the focus there', async () => {
    serve(publicPage(), () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { email: ['That email address cannot receive mail.'] },
      },
    }));
    const user = userEvent.setup();
    const { redirect } = renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: '£5.00' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £5.00' }));
    const email = screen.getByLabelText('Email address');
    expect(
      await screen.findByText('That email address cannot receive mail.', {
        selector: '.field-error',
      }),
    ).toBeVisible();
    expect(errorOf(email)).toHaveTextContent('That email address cannot receive mail.');
    expect(email).toHaveFocus();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('a 429 says to try again in a minute', async () => {
    serve(publicPage(), () => ({ status: 429, body: { message: 'Too Many Requests' } }));
    const user = userEvent.setup();
    renderGive('/give/riverside');
    await user.click(await screen.findByRole('radio', { name: '£5.00' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £5.00' }));
    expect(await screen.findByText('Too many attempts, try again in a minute')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Donate £5.00' })).toBeEnabled();
  });

  it('covering the fees shows what it adds; funds and providers are offered when there are several', async () => {
    const { calls } = serve(
      publicPage({
        funds: [
          { id: 'f1', name: 'Winter appeal', description: 'Warm coats and food parcels' },
          { id: 'f2', name: 'Building fund', description: 'A new warehouse' },
        ],
        providers: [
          { provider: 'stripe', mode: 'test' },
          { provider: 'paypal', mode: 'test' },
        ],
      }),
    );
    const user = userEvent.setup();
    const { redirect } = renderGive('/give/riverside?cancelled=1');
    expect(await screen.findByText('Test mode — no real money is taken')).toBeVisible();
    expect(
      screen.getByText(
        'Your donation was cancelled and nothing was taken. You can try again below.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '£10.00' }));
    // 1.5 % of £10.00 + £0.20 = £0.35
    await user.click(
      screen.getByRole('checkbox', { name: 'Add £0.35 to cover the card and processing fees' }),
    );
    await user.click(screen.getByRole('radio', { name: /Winter appeal/ }));
    expect(screen.getByText('Warm coats and food parcels')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Donate £10.35' }));
    expect(redirect).toHaveBeenCalledWith(REDIRECT);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      amount: '10.00',
      cover_fees: true,
      fund_id: 'f1',
      provider: 'paypal',
      gift_aid: false,
    });
  });

  it('an unknown or closed page says it is not available', async () => {
    mockApi(() => ({ status: 404, body: { message: 'Not found' } }));
    renderGive('/give/nobody');
    expect(await screen.findByText('This donation page is not available.')).toBeVisible();
  });

  it('speaks Spanish with ?lang=es or a Spanish browser, and switches with its link', async () => {
    expect(pickLocale('?lang=es', ['en-GB'])).toBe('es');
    expect(pickLocale('', ['es-ES', 'en'])).toBe('es');
    expect(pickLocale('?lang=fr', ['de-DE'])).toBe('en');
    serve();
    const user = userEvent.setup();
    renderGive('/give/riverside?lang=es', vi.fn(), 'es');
    expect(await screen.findByText('¿Cuánto le gustaría donar?')).toBeVisible();
    expect(
      screen.getByText('Aumente su donación en 25 peniques por cada 1 £ que done'),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'English' }));
    expect(await screen.findByText('How much would you like to give?')).toBeVisible();
    expect(window.location.search).toBe('?lang=en');
  });
});
