import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import CookiesPage from '../CookiesPage';
import PrivacyPage from '../PrivacyPage';
import TermsPage from '../TermsPage';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('legal pages in English', () => {
  it('Terms of Service states Gift Aid claims are the charity’s and the governing law', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: "4. Gift Aid is the charity's responsibility" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/governed by the law of England and Wales/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('Privacy notice names the processor role, 6-year retention, AWS and the ICO', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByText(/Almoner is its processor/)).toBeInTheDocument();
    expect(screen.getByText(/at least 6 years/)).toBeInTheDocument();
    expect(
      screen.getByText(/Amazon Web Services \(AWS\) in its UK\/EU region/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Information Commissioner's Office \(ICO\)/)).toBeInTheDocument();
    expect(
      screen.getAllByText(/\[contact email: to be set by the operator\]/).length,
    ).toBeGreaterThan(0);
  });

  it('Cookies lists the real cookie and storage names with their durations', () => {
    renderWithProviders(<CookiesPage />, { route: '/cookies' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cookies' })).toBeInTheDocument();
    expect(
      screen.getByText(/no analytics, advertising or third-party cookies/),
    ).toBeInTheDocument();
    const cookies = screen.getByRole('table', { name: 'Cookies' });
    const session = within(cookies).getByRole('row', { name: /almoner_session/ });
    expect(session).toHaveTextContent('HttpOnly');
    expect(session).toHaveTextContent('365 days if you tick "Remember me"');
    for (const name of ['XSRF-TOKEN', 'locale', 'intended_url', 'token']) {
      expect(within(cookies).getByRole('rowheader', { name })).toBeInTheDocument();
    }
    const storage = screen.getByRole('table', { name: /Browser storage/ });
    for (const name of [
      'dark',
      '<table>_meta',
      'almoner_scroll_positions',
      'almoner_chunk_reload',
    ]) {
      expect(within(storage).getByRole('rowheader', { name })).toBeInTheDocument();
    }
  });
});

describe('legal pages in Spanish', () => {
  it('Terms of Service', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Condiciones del servicio' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/ley de Inglaterra y Gales/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' })).toBeInTheDocument();
  });

  it('Privacy notice', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Aviso de privacidad' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/al menos 6 años/)).toBeInTheDocument();
    expect(screen.getByText(/Information Commissioner's Office \(ICO\)/)).toBeInTheDocument();
  });

  it('Cookies', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<CookiesPage />, { route: '/cookies' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cookies' })).toBeInTheDocument();
    const cookies = screen.getByRole('table', { name: 'Cookies' });
    const session = within(cookies).getByRole('row', { name: /almoner_session/ });
    expect(session).toHaveTextContent('365 días si marca "Recordarme"');
    expect(within(cookies).getByRole('rowheader', { name: 'XSRF-TOKEN' })).toBeInTheDocument();
    expect(within(cookies).getByRole('columnheader', { name: 'Finalidad' })).toBeInTheDocument();
  });
});
