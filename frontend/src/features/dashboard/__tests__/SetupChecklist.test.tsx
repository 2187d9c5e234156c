import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { renderWithProviders } from '@/test/render';
import { makeUser } from '@/test/users';
import type { Setup } from '../api';
import { SetupChecklist } from '../SetupChecklist';

const KEYS = ['charity', 'official', 'donors', 'declaration', 'claim'] as const;

function setup(done: string[], allowed: string[] = [...KEYS]): Setup {
  return {
    complete: done.length === KEYS.length,
    steps: KEYS.map((key) => ({ key, done: done.includes(key), allowed: allowed.includes(key) })),
  };
}

describe('the first-run checklist', () => {
  afterEach(() => authStore.clear());

  it('ticks the steps done and links each step to where it is done', async () => {
    authStore.setUser(
      makeUser({
        permissions: [
          'view-dashboard',
          'manage-users',
          'manage-unclaimed',
          'manage-donors',
          'import-donations',
        ],
      }),
    );
    renderWithProviders(<SetupChecklist setup={setup(['donors'])} />);
    const card = await screen.findByRole('region', {
      name: 'Get ready for your first Gift Aid claim',
    });
    expect(card).toHaveTextContent('1 of 5 steps done.');
    expect(screen.getByTestId('setup-donors')).toHaveTextContent('Done:');
    expect(screen.getByTestId('setup-charity')).toHaveTextContent('To do:');
    const donors = within(screen.getByTestId('setup-donors'));
    expect(donors.getByRole('link', { name: 'Add a donor' })).toHaveAttribute(
      'href',
      '/donors/create',
    );
    expect(donors.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/donations/import-data',
    );
    expect(
      within(screen.getByTestId('setup-official')).getByRole('link', { name: 'Gift Aid settings' }),
    ).toHaveAttribute('href', '/gift-aid/settings');
  });

  it('shows a step the user may not act on unticked and without a link', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard', 'manage-donors'] }));
    renderWithProviders(<SetupChecklist setup={setup([], ['donors', 'declaration'])} />);
    const claim = await screen.findByTestId('setup-claim');
    expect(within(claim).queryByRole('link')).toBeNull();
    expect(claim).toHaveTextContent('Someone with the right permission does this step.');
    // donors: allowed, but only the link whose permission the user holds
    const donors = within(screen.getByTestId('setup-donors'));
    expect(donors.getByRole('link', { name: 'Add a donor' })).toBeInTheDocument();
    expect(donors.queryByRole('link', { name: 'Import' })).toBeNull();
  });

  it('is gone once every step is done', async () => {
    authStore.setUser(makeUser({ permissions: ['view-dashboard'] }));
    renderWithProviders(
      <>
        <SetupChecklist setup={setup([...KEYS])} />
        <p>after the checklist</p>
      </>,
    );
    await screen.findByText('after the checklist');
    expect(screen.queryByTestId('setup')).toBeNull();
  });
});
