import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { FundPanel } from '../FundPanel';
import { fund } from './fixtures';

describe('the fund form', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('checks the fields like the server before sending anything (English)', async () => {
    const { calls } = mockApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<FundPanel fund={null} onClose={() => {}} onSaved={() => {}} />);
    await user.type(screen.getByLabelText('Goal (£)'), 'lots');
    await user.type(screen.getByLabelText('Start date'), '2026-06-01');
    await user.type(screen.getByLabelText('End date'), '2026-05-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the fund a name.')).toBeVisible();
    expect(screen.getByText('Enter an amount above £0, e.g. 25 or 25.50.')).toBeVisible();
    expect(screen.getByText('The end date cannot be before the start date.')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('says so in Spanish too', async () => {
    await i18n.changeLanguage('es');
    mockApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<FundPanel fund={null} onClose={() => {}} onSaved={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Dé un nombre al fondo.')).toBeVisible();
  });

  it('explains each SORP class in plain words under the select', async () => {
    mockApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<FundPanel fund={null} onClose={() => {}} onSaved={() => {}} />);
    const select = screen.getByLabelText('Class');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      'unrestricted_general',
      'designated',
      'restricted',
      'endowment_expendable',
      'endowment_permanent',
    ]);
    await user.selectOptions(select, 'restricted');
    expect(screen.getByText(/may only be spent on that/)).toBeVisible();
  });

  it("shows the server's 422 under the input it names and sends the fields as the API wants", async () => {
    const { calls } = mockApi((call) =>
      call.method === 'PUT'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { name: ['Another fund of this charity is already called this.'] },
            },
          }
        : undefined,
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <FundPanel fund={fund({ goal: '100.00' })} onClose={() => {}} onSaved={onSaved} />,
    );
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, '  General   fund ');
    await user.clear(screen.getByLabelText('Goal (£)'));
    await user.type(screen.getByLabelText('Goal (£)'), '£1,500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Another fund of this charity is already called this.'),
    ).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls[0]?.url.pathname).toBe('/api/funds/f1');
    expect(calls[0]?.body).toEqual({
      name: 'General fund',
      finance_code: 'R-100',
      fund_class: 'restricted',
      description: null,
      active: true,
      goal: '1500.00',
      start_date: null,
      end_date: null,
      version: 1,
    });
  });
});
