import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import FundsPage from '../FundsPage';
import { fund, GENERAL } from './fixtures';

const LIST = {
  data: [
    GENERAL,
    fund({ goal: '100.00' }),
    fund({
      id: 'f2',
      name: 'Old minibus',
      fund_class: 'designated',
      archived: true,
      active: false,
      lines: 0,
      balance: '0.00',
    }),
  ],
  meta: { total: 3, page: 1, length: 3, next_cursor: null },
  totals: { balance: '1290.50' },
};

describe('the funds list (/fund-management)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows each fund with class, finance code, balance, goal and status in one call', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === '/api/funds' ? { body: LIST } : undefined,
    );
    renderWithProviders(<FundsPage />);
    const roof = (await screen.findByRole('link', { name: 'Roof appeal' })).closest('tr')!;
    expect(within(roof).getByText('Restricted')).toBeVisible();
    expect(within(roof).getByText('R-100')).toBeVisible();
    expect(within(roof).getByText('£40.00')).toBeVisible();
    expect(within(roof).getByText('40% of £100.00')).toBeVisible();
    expect(within(roof).getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(within(roof).getByText('Active')).toBeVisible();
    // a fund with ledger lines can only be archived: no Delete
    expect(within(roof).getByRole('button', { name: 'Archive' })).toBeVisible();
    expect(within(roof).queryByRole('button', { name: 'Delete' })).toBeNull();

    const general = screen.getByRole('link', { name: 'General' }).closest('tr')!;
    expect(within(general).getByText('£1,250.50')).toBeVisible();
    expect(within(general).getByText('Default fund: cannot be archived or deleted')).toBeVisible();
    expect(within(general).queryByRole('button', { name: 'Archive' })).toBeNull();

    const old = screen.getByRole('link', { name: 'Old minibus' }).closest('tr')!;
    expect(within(old).getByText('Archived')).toBeVisible();
    expect(within(old).getByRole('button', { name: 'Restore' })).toBeVisible();
    expect(within(old).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(screen.getByTestId('funds-total')).toHaveTextContent('£1,290.50');
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/funds']);
  });

  it('shows the server refusal of a transfer out of a restricted fund in the dialog', async () => {
    const refusal =
      'The fund Roof appeal is restricted and cannot go below £0: it has £40.00 available.';
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/funds') return { body: LIST };
      if (call.url.pathname === '/api/funds/transfers')
        return { status: 409, body: { message: refusal, errors: { amount: [refusal] } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<FundsPage />);
    const roof = (await screen.findByRole('link', { name: 'Roof appeal' })).closest('tr')!;
    await user.click(within(roof).getByRole('button', { name: 'Transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Transfer between funds' });
    await user.selectOptions(within(dialog).getByLabelText('To fund'), 'general');
    await user.type(within(dialog).getByLabelText('Amount'), '75');
    // a restricted fund offers only the three fixed reasons
    const reasons = within(within(dialog).getByLabelText('Reason')).getAllByRole('option');
    expect(reasons.map((option) => option.textContent)).toEqual([
      'Choose…',
      'Donor consent',
      'Release from restriction',
      'Correction',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'release_from_restriction');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    // the note is required out of a restricted fund: checked before any call
    expect(
      await within(dialog).findByText(
        'Explain this transfer out of a restricted or endowment fund in the note, or attach the evidence.',
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.url.pathname === '/api/funds/transfers')).toBe(false);
    await user.type(within(dialog).getByLabelText('Note'), 'Trustees agreed on 1 May');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    const sent = calls.find((call) => call.url.pathname === '/api/funds/transfers');
    expect(sent?.body).toMatchObject({
      from_fund_id: 'f1',
      to_fund_id: 'general',
      amount: '75.00',
      reason: 'release_from_restriction',
      note: 'Trustees agreed on 1 May',
    });
  });

  it('sends a transfer out of a restricted fund with its evidence file instead of a note', async () => {
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/funds') return { body: LIST };
      if (call.url.pathname === '/api/funds/evidence')
        return {
          status: 201,
          body: {
            upload_url: 'https://files.example/fund-evidence/t1/u1.pdf?X-Amz-Signature=s',
            key: 'fund-evidence/t1/u1.pdf',
            headers: { 'Content-Type': 'application/pdf' },
            expires_in: 900,
          },
        };
      if (call.url.hostname === 'files.example') return { status: 200, body: {} };
      if (call.url.pathname === '/api/funds/transfers')
        return { status: 201, body: { message: 'Transfer recorded.' } };
      return undefined;
    });
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<FundsPage />);
    const roof = (await screen.findByRole('link', { name: 'Roof appeal' })).closest('tr')!;
    await user.click(within(roof).getByRole('button', { name: 'Transfer' }));
    const dialog = screen.getByRole('dialog', { name: 'Transfer between funds' });
    await user.selectOptions(within(dialog).getByLabelText('To fund'), 'general');
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'donor_consent');
    const evidence = within(dialog).getByLabelText('Evidence (optional)');
    // a file of another kind is refused before anything is sent
    await user.upload(evidence, new File(['x'], 'letter.docx', { type: 'application/msword' }));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Attach a PDF, PNG or JPEG file.')).toBeVisible();
    expect(calls.some((call) => call.url.pathname === '/api/funds/evidence')).toBe(false);
    // a PDF stands in for the note: uploaded first, then named by the transfer
    await user.upload(evidence, new File(['%PDF-1.4'], 'consent.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    // done: the dialog closes
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Transfer between funds' })).toBeNull(),
    );
    const order = calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.url.pathname}`);
    expect(order).toEqual([
      'POST /api/funds/evidence',
      'PUT /fund-evidence/t1/u1.pdf',
      'POST /api/funds/transfers',
    ]);
    const sent = calls.find((call) => call.url.pathname === '/api/funds/transfers');
    expect(sent?.body).toMatchObject({
      reason: 'donor_consent',
      note: null,
      evidence_key: 'fund-evidence/t1/u1.pdf',
    });
    expect(calls.find((call) => call.url.pathname === '/api/funds/evidence')?.body).toEqual({
      content_type: 'application/pdf',
      size: 8,
    });
  });

  it('archives a fund after confirmation and shows the list again from the API', async () => {
    let archived = false;
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/funds/f1/archive' && call.method === 'POST') {
        archived = true;
        return { body: fund({ archived: true, active: false }) };
      }
      if (call.url.pathname === '/api/funds')
        return {
          body: {
            ...LIST,
            data: [GENERAL, fund({ archived, active: !archived })],
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<FundsPage />);
    const roof = (await screen.findByRole('link', { name: 'Roof appeal' })).closest('tr')!;
    await user.click(within(roof).getByRole('button', { name: 'Archive' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive this fund?' });
    expect(dialog).toHaveTextContent('Roof appeal will leave the donation forms');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(roof).findByText('Archived')).toBeVisible();
    expect(within(roof).getByRole('button', { name: 'Restore' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/api/funds/f1/archive',
    ]);
  });
});
