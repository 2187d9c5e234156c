import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall } from '@/test/fetch-mock';
import type { IntentStatus } from '../api';
import { rememberDonor } from '../donor';
import { createPublicI18n } from '../i18n';
import { POLL_ATTEMPTS, POLL_EVERY_MS, ThankYou } from '../ThankYou';

const INTENT = '/api/give/riverside/intents/int_1';

const status = (overrides: Partial<IntentStatus> = {}): IntentStatus => ({
  status: 'open',
  received: false,
  amount: '10.00',
  gift_aid: true,
  charity_name: 'Riverside Food Bank',
  ...overrides,
});

/** Answers the polls in turn (the last one repeats); records every call. */
function serveStatuses(
  answers: IntentStatus[],
  capture?: () => { status?: number; body?: unknown },
) {
  let polls = 0;
  return mockApi((call: RecordedCall) => {
    if (call.method === 'POST' && call.url.pathname === `${INTENT}/capture`) return capture?.();
    if (call.method !== 'GET' || call.url.pathname !== INTENT) return undefined;
    if (call.url.searchParams.get('token') !== 'tok_1') return { status: 404, body: {} };
    const answer = answers[Math.min(polls, answers.length - 1)];
    polls += 1;
    return { body: answer };
  });
}

function renderThanks(props: Partial<Parameters<typeof ThankYou>[0]> = {}) {
  return render(
    <I18nextProvider i18n={createPublicI18n('en')}>
      <ThankYou
        slug="riverside"
        intentId="int_1"
        token="tok_1"
        paypal={false}
        backHref="/give/riverside"
        {...props}
      />
    </I18nextProvider>,
  );
}

/** Lets the fake clock run (and the answers of the mocked fetch settle). */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the thank-you page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('shows "Processing…" while the webhook has not landed, then thanks the donor by name', async () => {
    const { calls } = serveStatuses([
      status(),
      status({ status: 'paid' }),
      status({ status: 'paid', received: true }),
    ]);
    rememberDonor('int_1', 'Ann');
    renderThanks();
    await elapse(0);
    expect(screen.getByText('Processing your donation…')).toBeInTheDocument();
    await elapse(POLL_EVERY_MS);
    expect(screen.getByText('Processing your donation…')).toBeInTheDocument();
    await elapse(POLL_EVERY_MS);
    expect(
      screen.getByText('Thank you, Ann! Your donation of £10.00 has been received.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Gift Aid will add £2.50.')).toBeInTheDocument();
    // Received: polling stops.
    await elapse(POLL_EVERY_MS * 5);
    expect(calls).toHaveLength(3);
  });

  it('says a monthly gift was set up, with Gift Aid on each gift', async () => {
    serveStatuses([status({ status: 'paid', received: true })]);
    rememberDonor('int_1', 'Ann', 'monthly');
    renderThanks();
    await elapse(0);
    expect(
      screen.getByText('Thank you, Ann! Your monthly gift of £10.00 has been set up.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Gift Aid will add £2.50 to each gift.')).toBeInTheDocument();
    expect(screen.queryByText(/has been received/)).toBeNull();
  });

  it('captures a PayPal order first, then polls', async () => {
    const { calls } = serveStatuses(
      [status({ received: true, status: 'paid', gift_aid: false })],
      () => ({
        body: status({ status: 'paid' }),
      }),
    );
    renderThanks({ paypal: true });
    await elapse(0);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `POST ${INTENT}/capture`,
      `GET ${INTENT}`,
    ]);
    expect(calls[0]?.url.searchParams.get('token')).toBe('tok_1');
    expect(
      screen.getByText('Thank you! Your donation of £10.00 has been received.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Gift Aid will add/)).toBeNull();
  });

  it('a refused PayPal capture or a failed payment says nothing was taken, with a way back', async () => {
    serveStatuses([status()], () => ({ status: 422, body: { message: 'Order not approved' } }));
    const { unmount } = renderThanks({ paypal: true });
    await elapse(0);
    expect(
      screen.getByText('Your payment did not go through, and nothing was taken.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/give/riverside',
    );
    unmount();

    serveStatuses([status(), status({ status: 'failed' })]);
    renderThanks();
    await elapse(POLL_EVERY_MS);
    expect(
      screen.getByText('Your payment did not go through, and nothing was taken.'),
    ).toBeInTheDocument();
  });

  it('a payment still clearing (Bacs) says so and keeps checking', async () => {
    serveStatuses([status({ status: 'pending' }), status({ status: 'paid', received: true })]);
    renderThanks();
    await elapse(0);
    expect(screen.getByText(/Some payment methods take a few days to clear/)).toBeInTheDocument();
    await elapse(POLL_EVERY_MS);
    expect(screen.getByText(/has been received/)).toBeInTheDocument();
  });

  it('stops polling after its ceiling and says the receipt will follow', async () => {
    const { calls } = serveStatuses([status()]);
    renderThanks();
    await elapse(POLL_EVERY_MS * POLL_ATTEMPTS);
    expect(screen.getByText(/This is taking longer than usual/)).toBeInTheDocument();
    expect(calls).toHaveLength(POLL_ATTEMPTS);
    await elapse(POLL_EVERY_MS * 10);
    expect(calls).toHaveLength(POLL_ATTEMPTS);
  });

  it('a link without its token asks nothing of the server', async () => {
    const { calls } = serveStatuses([status()]);
    renderThanks({ token: '' });
    await elapse(POLL_EVERY_MS);
    expect(screen.getByText(/This link is not complete/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a wrong token is not retried', async () => {
    const { calls } = serveStatuses([status()]);
    renderThanks({ token: 'forged' });
    await elapse(POLL_EVERY_MS * 3);
    expect(screen.getByText(/This link is not complete/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
