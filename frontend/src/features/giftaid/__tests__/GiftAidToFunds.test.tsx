import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '@/features/donations/money';
import { ApiError } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import type { ClaimPaid, GiftAidSettings } from '../api';
import { MarkPaidDialog } from '../MarkPaidDialog';
import { PaidSummary } from '../PaidSummary';
import GiftAidSettingsPage from '../SettingsPage';

afterEach(() => {
  authStore.clear();
  vi.restoreAllMocks();
});

function open(onSubmit = vi.fn(async () => {}), onCancel = vi.fn()) {
  renderWithProviders(
    <MarkPaidDialog
      netTotal="22.50"
      submittedOn="2026-06-15"
      onCancel={onCancel}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, onCancel };
}

const date = () => screen.getByLabelText(/Date received/);
const amount = () => screen.getByLabelText(/Amount received/);
const confirm = () => screen.getByRole('button', { name: 'Mark as paid' });

describe('Mark as paid', () => {
  it("defaults to today and the claim's net repayment, and sends them", async () => {
    const { onSubmit } = open();
    expect(screen.getByRole('alertdialog', { name: 'Mark this claim as paid' })).toBeVisible();
    expect(date()).toHaveValue(todayIso());
    expect(amount()).toHaveValue('22.50');
    expect(screen.getByText("The claim's net repayment is £22.50.")).toBeVisible();
    await userEvent.click(confirm());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ date: todayIso(), amount: '22.50' });
  });

  it('allows a different amount and says it differs from the claim', async () => {
    const { onSubmit } = open();
    await userEvent.clear(amount());
    await userEvent.type(amount(), '£20');
    expect(screen.getByText(/Different from the claim's net repayment of £22.50/)).toBeVisible();
    await userEvent.click(confirm());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ date: todayIso(), amount: '20.00' });
  });

  it('refuses a future date, a date before submission and a wrong amount, sending nothing', async () => {
    const { onSubmit } = open();
    await userEvent.clear(date());
    await userEvent.type(date(), '2999-01-01');
    await userEvent.click(confirm());
    expect(await screen.findByText('The date received cannot be in the future.')).toBeVisible();
    await userEvent.clear(date());
    await userEvent.type(date(), '2026-06-14');
    await userEvent.clear(amount());
    await userEvent.type(amount(), 'ten');
    await userEvent.click(confirm());
    expect(
      await screen.findByText(/HMRC cannot have paid before the claim was submitted on/),
    ).toBeVisible();
    expect(screen.getByText('Enter an amount above £0.00, e.g. 125.50.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the form, and cancel sends nothing", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, { message: 'This claim is already marked as paid.' });
    });
    const { onCancel } = open(onSubmit);
    await userEvent.click(confirm());
    expect(await screen.findByText('This claim is already marked as paid.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('Gift Aid received on the claim page', () => {
  const paid: ClaimPaid = {
    date: '2026-06-15',
    amount: '22.50',
    policy: 'donation_funds',
    allocated: true,
    job_id: 'j1',
    funds: [
      { id: 'general', name: 'General', amount: '2.50', link: '/fund-management/f/general' },
      { id: 'f1', name: 'Roof Appeal', amount: '15.00', link: '/fund-management/f/f1' },
    ],
  };

  it('says how much came, when, and links each fund it went to', () => {
    renderWithProviders(<PaidSummary paid={paid} />);
    expect(
      screen.getByText('Gift Aid received £22.50 on 15 Jun 2026, allocated to 2 funds.'),
    ).toBeVisible();
    expect(screen.getByTestId('claim-paid')).toHaveTextContent('Roof Appeal: £15.00');
    expect(screen.getByRole('link', { name: 'Roof Appeal' })).toHaveAttribute(
      'href',
      '/fund-management/f/f1',
    );
  });

  it('says it is still being allocated', () => {
    renderWithProviders(<PaidSummary paid={{ ...paid, allocated: false, funds: [] }} />);
    expect(screen.getByRole('status')).toHaveTextContent('allocating it to funds');
  });
});

describe('Gift Aid settings: Allocate Gift Aid received to', () => {
  const settings: GiftAidSettings = {
    hmrc_reference: 'AB12345',
    regulator: 'none',
    regulator_number: null,
    official: null,
    entity_type: 'trust',
    year_end: '03-31',
    aggregation_limit: '20.00',
    aggregate_small_donations: false,
    sum_donor_lines: false,
    reminders: true,
    gateway_user_id: null,
    gateway_password_set: false,
    vendor_id: null,
    endpoint: 'test',
    gift_aid_to: 'donation_funds',
    version: 3,
  };

  it('shows the stored choice and saves the new one', async () => {
    authStore.setUser(makeUser({ permissions: ['manage-unclaimed'] }));
    const { calls } = mockApi((call) => {
      if (call.url.pathname.endsWith('/gift-aid/settings') && call.method === 'GET')
        return { body: settings };
      if (call.url.pathname.endsWith('/gift-aid/settings') && call.method === 'PUT')
        return { body: { ...settings, gift_aid_to: 'general', version: 4 } };
      return { status: 204 };
    });
    renderWithProviders(<GiftAidSettingsPage />, { route: '/gift-aid/settings' });
    const choice = await screen.findByLabelText('Allocate Gift Aid received to');
    expect(choice).toHaveValue('donation_funds');
    expect(screen.getByRole('option', { name: "The donation's own funds" })).toBeInTheDocument();
    await userEvent.selectOptions(choice, 'general');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ gift_aid_to: 'general', version: 3 });
  });
});
