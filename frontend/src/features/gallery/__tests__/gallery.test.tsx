import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import ButtonsGalleryPage from '../ButtonsGalleryPage';
import CardsGalleryPage from '../CardsGalleryPage';
import FormsGalleryPage from '../FormsGalleryPage';
import SlideOutGalleryPage from '../SlideOutGalleryPage';
import TabsGalleryPage from '../TabsGalleryPage';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the component gallery', () => {
  it('/buttons shows every variant enabled and disabled, and busy buttons', () => {
    renderWithProviders(<ButtonsGalleryPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Buttons' })).toBeInTheDocument();
    const enabled = within(screen.getByRole('region', { name: 'Default' }));
    const disabled = within(screen.getByRole('region', { name: 'Disabled' }));
    for (const name of ['Primary', 'Secondary', 'Danger', 'Link']) {
      expect(enabled.getByRole('button', { name })).toBeEnabled();
      expect(disabled.getByRole('button', { name })).toBeDisabled();
    }
    const busy = within(screen.getByRole('region', { name: 'Loading' }));
    expect(busy.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-busy', 'true');
    const links = within(screen.getByRole('region', { name: 'Links styled as buttons' }));
    for (const [name, variant] of [
      ['Primary', 'button--primary'],
      ['Secondary', 'button--secondary'],
      ['Danger', 'button--danger'],
    ] as const) {
      expect(links.getByRole('link', { name })).toHaveAttribute('href', '/cards');
      expect(links.getByRole('link', { name })).toHaveClass('button', variant);
    }
  });

  it('/buttons in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<ButtonsGalleryPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Botones' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Principal' })).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Desactivado' })).toBeInTheDocument();
  });

  it('/forms shows fields with hints, a disabled field and field errors', async () => {
    renderWithProviders(<FormsGalleryPage />);
    expect(screen.getByLabelText('Full name')).toBeEnabled();
    expect(screen.getByText("As it appears on the donor's record.")).toBeInTheDocument();
    expect(screen.getByLabelText('Charity number')).toBeDisabled();
    const errors = within(screen.getByRole('region', { name: 'Error' }));
    expect(errors.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(errors.getByText('Enter a valid email address.')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByLabelText('Nombre completo')).toBeInTheDocument();
    expect(screen.getByText('Introduce un correo electrónico válido.')).toBeInTheDocument();
  });

  it('/cards shows cards, badges, figures, loading and empty states in en and es', async () => {
    renderWithProviders(<CardsGalleryPage />);
    expect(screen.getByRole('heading', { name: 'Card with actions' })).toBeInTheDocument();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No donations yet');
    const labelled = screen.getByRole('region', { name: 'Labelled card' });
    expect(labelled).toHaveAttribute('data-testid', 'gallery-labelled-card');
    expect(
      within(labelled).getByRole('heading', { level: 3, name: 'Card with a smaller title' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Form card' });
    expect(form).toHaveClass('card', 'form-card');
    expect(within(form).getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Aún no hay donaciones')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tarjetas' })).toBeInTheDocument();
  });

  it('/slideout opens and closes the panel', async () => {
    renderWithProviders(<SlideOutGalleryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Open panel' }));
    const panel = screen.getByRole('dialog', { name: 'Example panel' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('/tabs shows working tabs in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<TabsGalleryPage />);
    expect(screen.getByRole('tablist', { name: 'Pestañas de ejemplo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(screen.getByRole('tabpanel', { name: 'Historial' })).toHaveTextContent(
      'Aún no hay nada',
    );
    expect(screen.getByRole('tab', { name: 'Archivo' })).toBeDisabled();
  });
});
