import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GIVING } from '../render/__tests__/fixtures';
import { PageApp } from '../PageApp';
import type { PublishedPage } from '../api';

const published = (overrides: Partial<PublishedPage['page']> = {}): PublishedPage => ({
  charity: { name: 'Riverside Food Bank', registration_number: '1234567' },
  page: {
    id: 'pg1',
    title: 'Invierno',
    type: 'landing',
    locale: 'es',
    data: {
      root: { props: {} },
      content: [
        {
          type: 'Hero',
          props: {
            id: 'h',
            heading: 'Alimente a una familia',
            subheading: '',
            image_key: null,
            align: 'left',
            cta_label: '',
            cta_href: '',
          },
        },
        { type: 'GiftAidExplainer', props: { id: 'g', heading: '' } },
      ],
    },
    ...overrides,
  },
  images: {},
  funds: {},
  giving: GIVING,
});

function serve(answers: Record<string, { status: number; body: unknown }>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input));
    const answer = answers[url.pathname] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
}

const at = (path: string) => new URL(path, 'http://localhost') as unknown as Location;

describe('a published landing page', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('renders the published version in its own language, with <html lang>', async () => {
    const fetchSpy = serve({
      '/api/public/pages/riverside/invierno': { status: 200, body: published() },
    });
    render(<PageApp location={at('/p/riverside/invierno')} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alimente a una familia' }),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Aumente su donación un 25 % con Gift Aid' }),
    ).toBeVisible();
    // set by an effect after the page renders: waited for, not assumed done with the first paint
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    await waitFor(() => expect(document.title).toBe('Invierno · Riverside Food Bank'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('follows an old slug to the new one, replacing the address', async () => {
    serve({
      '/api/public/pages/riverside/old-name': { status: 200, body: { redirect: 'invierno' } },
      '/api/public/pages/riverside/invierno': { status: 200, body: published() },
    });
    const replace = vi.fn();
    render(<PageApp location={at('/p/riverside/old-name?lang=es')} replace={replace} />);
    expect(await screen.findByRole('heading', { name: 'Alimente a una familia' })).toBeVisible();
    expect(replace).toHaveBeenCalledWith('/p/riverside/invierno?lang=es');
  });

  it('shows the not-found view for an unpublished or unknown page, and for a bad address', async () => {
    serve({});
    const view = render(<PageApp location={at('/p/riverside/gone')} />);
    expect(
      await screen.findByRole('heading', { name: 'This page is not available.' }),
    ).toBeVisible();
    view.unmount();
    render(<PageApp location={at('/p/../../admin')} />);
    expect(screen.getByTestId('page-missing')).toBeVisible();
  });
});
