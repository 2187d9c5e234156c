import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import type { ManagedGift } from '../api';
import { renderGive } from './page-fixture';

const ADDRESS = '/give/riverside/manage?token=tok_1';
const VIEW = '/api/give/manage';

function gift(overrides: Partial<ManagedGift> = {}): ManagedGift {
  return {
    charity_name: 'Riverside Food Bank',
    amount: '10.00',
    currency: 'GBP',
    interval: 'month',
    status: 'active',
    next_charge_date: '2026-12-01',
    paused_until: null,
    purpose: 'manage',
    actions: ['pause', 'amount', 'cancel'],
    expires_at: '2026-11-30T10:00:00Z',
    ...overrides,
  };
}

type Answer = { status?: number; body?: unknown };

/** GET /api/give/manage answers `shown` (for the right token); each action answers `act`. */
function serve(shown: Answer, act: (call: RecordedCall) => Answer | undefined = () => undefined) {
  return mockApi((call) => {
    if (call.url.searchParams.get('token') !== 'tok_1') return { status: 404, body: {} };
    if (call.method === 'GET' && call.url.pathname === VIEW) return shown;
    if (call.method === 'POST' && call.url.pathname.startsWith(`${VIEW}/`)) return act(call);
    return undefined;
  });
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

describe('the donor’s self-service page (/give/{slug}/manage)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows the gift and only the actions the link allows, without loading the donation page', async () => {
    const { calls } = serve({ body: gift() });
    renderGive(ADDRESS);
    expect(
      await screen.findByRole('heading', { name: 'Your monthly gift to Riverside Food Bank' }),
    ).toBeVisible();
    const facts = screen.getByTestId('manage-facts');
    expect(facts).toHaveTextContent('CharityRiverside Food Bank');
    expect(facts).toHaveTextContent('Amount£10.00 a month');
    expect(facts).toHaveTextContent('StatusActive');
    expect(facts).toHaveTextContent('Next payment1 Dec 2026');
    const actions = screen.getByRole('group', { name: 'What you can do' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pause my gift', 'Change the amount', 'Cancel my gift']);
    expect(screen.getByText('This link works until 30 Nov 2026.')).toBeVisible();
    expect(document.title).toBe('Manage your regular gift');
    expect(calls.map((call) => call.url.pathname)).toEqual([VIEW]);
  });

  it('offers nothing when the link allows nothing for this gift now', async () => {
    serve({ body: gift({ purpose: 'resume', actions: [] }) });
    renderGive(ADDRESS);
    expect(await screen.findByText(/This link cannot change your gift now/)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'What you can do' })).toBeNull();
  });

  /** Each action: how it is filled in, what it sends and what the page shows afterwards. */
  const ACTIONS = [
    {
      button: 'Pause my gift',
      path: 'pause',
      start: gift(),
      fill: async (user: ReturnType<typeof userEvent.setup>) =>
        user.selectOptions(screen.getByLabelText('Pause for'), '3'),
      body: { months: 3 },
      after: gift({
        status: 'paused',
        paused_until: '2027-03-01',
        actions: ['resume', 'amount', 'cancel'],
      }),
      done: 'Your gift is paused until 1 Mar 2027.',
      status: 'Paused',
    },
    {
      button: 'Restart my gift',
      path: 'resume',
      start: gift({
        status: 'paused',
        paused_until: '2027-01-01',
        actions: ['resume', 'amount', 'cancel'],
      }),
      fill: async () => {},
      body: {},
      after: gift({ next_charge_date: '2026-12-15' }),
      done: 'Your gift has restarted. The next payment is on 15 Dec 2026.',
      status: 'Active',
    },
    {
      button: 'Change the amount',
      path: 'amount',
      start: gift(),
      fill: async (user: ReturnType<typeof userEvent.setup>) => {
        const input = screen.getByLabelText('New amount each month (£)');
        await user.clear(input);
        await user.type(input, '15.5');
      },
      body: { amount: '15.50' },
      after: gift({ amount: '15.50' }),
      done: 'Your gift is now £15.50, from the next payment.',
      status: 'Active',
    },
    {
      button: 'Cancel my gift',
      path: 'cancel',
      start: gift(),
      fill: async (user: ReturnType<typeof userEvent.setup>) =>
        user.type(screen.getByLabelText('Why are you cancelling? (optional)'), 'Moving abroad'),
      body: { reason: 'Moving abroad' },
      after: gift({ status: 'cancelled', next_charge_date: null, actions: [] }),
      done: 'Your gift is cancelled. No further payments will be taken.',
      status: 'Cancelled',
    },
  ];

  it.each(ACTIONS)(
    '$button: confirmed, sent, then the new state and the confirmation email are shown',
    async ({ button, path, start, fill, body, after, done, status }) => {
      const { calls } = serve({ body: start }, (call) =>
        call.url.pathname === `${VIEW}/${path}` ? { body: after } : undefined,
      );
      const user = userEvent.setup();
      renderGive(ADDRESS);
      await user.click(await screen.findByRole('button', { name: button }));
      expect(posts(calls)).toHaveLength(0); // asked first, nothing sent yet
      const form = screen.getByRole('form');
      expect(within(form).getByRole('heading')).toHaveFocus();
      await fill(user);
      await user.click(within(form).getByRole('button', { name: button }));
      const message = await screen.findByTestId('manage-done');
      expect(message).toHaveTextContent(done);
      expect(message).toHaveTextContent('We have emailed you a confirmation.');
      expect(message).toHaveFocus();
      expect(posts(calls)).toHaveLength(1);
      expect(posts(calls)[0]!.url.pathname).toBe(`${VIEW}/${path}`);
      expect(posts(calls)[0]!.url.searchParams.get('token')).toBe('tok_1');
      expect(posts(calls)[0]!.body).toEqual(body);
      expect(screen.getByTestId('manage-facts')).toHaveTextContent(`Status${status}`);
      expect(screen.queryByRole('form')).toBeNull();
    },
  );

  it('cancels without a reason when none is given', async () => {
    const { calls } = serve({ body: gift() }, () => ({
      body: gift({ status: 'cancelled', actions: [] }),
    }));
    const user = userEvent.setup();
    renderGive(ADDRESS);
    await user.click(await screen.findByRole('button', { name: 'Cancel my gift' }));
    await user.click(
      within(screen.getByRole('form')).getByRole('button', { name: 'Cancel my gift' }),
    );
    await screen.findByTestId('manage-done');
    expect(posts(calls)[0]!.body).toEqual({});
  });

  it('going back sends nothing and keeps the gift as it is', async () => {
    const { calls } = serve({ body: gift() });
    const user = userEvent.setup();
    renderGive(ADDRESS);
    await user.click(await screen.findByRole('button', { name: 'Cancel my gift' }));
    await user.click(screen.getByRole('button', { name: 'Keep my gift as it is' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('group', { name: 'What you can do' })).toBeVisible();
    expect(posts(calls)).toHaveLength(0);
  });

  it('asks for an amount in pounds before sending it', async () => {
    const { calls } = serve({ body: gift() });
    const user = userEvent.setup();
    renderGive(ADDRESS);
    await user.click(await screen.findByRole('button', { name: 'Change the amount' }));
    const input = screen.getByLabelText('New amount each month (£)');
    await user.clear(input);
    await user.type(input, 'ten');
    await user.click(
      within(screen.getByRole('form')).getByRole('button', { name: 'Change the amount' }),
    );
    expect(screen.getByText('Enter an amount in pounds, like 15 or 15.50')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('shows a refused amount under its field', async () => {
    serve({ body: gift() }, () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { amount: ['The amount must be at most £10,000.00.'] },
      },
    }));
    const user = userEvent.setup();
    renderGive(ADDRESS);
    await user.click(await screen.findByRole('button', { name: 'Change the amount' }));
    const input = screen.getByLabelText('New amount each month (£)');
    await user.clear(input);
    await user.type(input, '20000');
    await user.click(
      within(screen.getByRole('form')).getByRole('button', { name: 'Change the amount' }),
    );
    expect(await screen.findByText('The amount must be at most £10,000.00.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('manage-facts')).toHaveTextContent('£10.00 a month');
  });

  it.each([
    [
      502,
      { message: 'Stripe is resting.' },
      'The payment provider could not make the change, so nothing has changed. It said: Stripe is resting.',
    ],
    [
      403,
      { message: 'This link cannot do that.' },
      'This link cannot do that. Ask the charity for a new link.',
    ],
    [
      429,
      { message: 'Too many requests.' },
      'Too many attempts. Please try again in a few minutes.',
    ],
    [409, { message: 'This gift is not active.' }, 'This gift is not active.'],
  ])(
    'an action refused with %i says so where it was asked, and the gift stays as it was',
    async (status, body, shown) => {
      serve({ body: gift() }, () => ({ status, body }));
      const user = userEvent.setup();
      renderGive(ADDRESS);
      await user.click(await screen.findByRole('button', { name: 'Pause my gift' }));
      const form = screen.getByRole('form');
      await user.click(within(form).getByRole('button', { name: 'Pause my gift' }));
      const problem = await within(form).findByRole('alert');
      expect(problem).toHaveTextContent(shown);
      expect(problem).toHaveFocus();
      expect(screen.getByTestId('manage-facts')).toHaveTextContent('StatusActive');
      expect(screen.queryByTestId('manage-done')).toBeNull();
    },
  );

  it.each([
    [404, 'This link is not valid. Check that you opened the whole link from your email.'],
    [422, 'This link is not valid. Check that you opened the whole link from your email.'],
    [410, 'This link has expired — ask the charity for a new one.'],
    [429, 'Too many attempts. Please try again in a few minutes.'],
    [500, 'We could not load your gift. Please check your connection and try again.'],
  ])('a link answered with %i shows why, with the focus on it', async (status, shown) => {
    serve({ status, body: { message: 'refused' } });
    renderGive(ADDRESS);
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent(shown);
    await waitFor(() => expect(problem).toHaveFocus());
    expect(screen.queryByTestId('manage-facts')).toBeNull();
  });

  it('a link without a token is not valid (nothing asked)', async () => {
    const { calls } = serve({ body: gift() });
    renderGive('/give/riverside/manage');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(calls).toHaveLength(0);
  });

  it('a link that expired meanwhile says so when an action is tried', async () => {
    serve({ body: gift() }, () => ({ status: 410, body: { message: 'expired' } }));
    const user = userEvent.setup();
    renderGive(ADDRESS);
    await user.click(await screen.findByRole('button', { name: 'Pause my gift' }));
    await user.click(
      within(screen.getByRole('form')).getByRole('button', { name: 'Pause my gift' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired — ask the charity for a new one.',
    );
    expect(screen.queryByTestId('manage-facts')).toBeNull();
  });

  it('speaks Spanish', async () => {
    const { calls } = serve({ body: gift({ interval: 'year', amount: '120.00' }) }, () => ({
      body: gift({
        interval: 'year',
        amount: '120.00',
        status: 'paused',
        paused_until: '2027-02-01',
      }),
    }));
    const user = userEvent.setup();
    renderGive(ADDRESS, undefined, 'es');
    expect(
      await screen.findByRole('heading', { name: 'Su donación anual a Riverside Food Bank' }),
    ).toBeVisible();
    expect(screen.getByTestId('manage-facts')).toHaveTextContent('Importe£120.00 al año');
    await user.click(screen.getByRole('button', { name: 'Pausar mi donación' }));
    await user.click(
      within(screen.getByRole('form')).getByRole('button', { name: 'Pausar mi donación' }),
    );
    expect(await screen.findByTestId('manage-done')).toHaveTextContent(
      'Le hemos enviado una confirmación por correo electrónico.',
    );
    expect(calls[0]!.headers.get('Accept-Language')).toBe('es');
  });
});
