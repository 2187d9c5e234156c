import { configure, getConfig, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { pageDetail } from '@/features/landing/__tests__/fixtures';
import { Toasts } from '@/components/toasts/Toasts';
import { mockApi } from '@/test/fetch-mock';
import PageBuilderPage from '../PageBuilderPage';

// Puck measures its canvas and asks media queries; jsdom has neither, so do-nothing stand-ins
// (set before the editor's modules load).
vi.hoisted(() => {
  if (!('ResizeObserver' in globalThis)) {
    Object.assign(globalThis, {
      ResizeObserver: class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    });
  }
  if (typeof document.elementsFromPoint !== 'function') document.elementsFromPoint = () => [];
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
});
afterAll(() => vi.unstubAllGlobals());

// A toast vanishes after 3 s; on a loaded machine the editor can take longer than that between
// two looks at the screen, so here toasts stay until the next test clears them (what they say is
// asserted, not how long they stay).
vi.mock('@/config/constants', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/config/constants')>()),
  TOAST_DURATION_MS: 10 * 60_000,
}));

// The editor is a large tree that jsdom renders slowly (15 s for the first screen on a loaded
// 2-core machine): its waits and tests get room, so the file never fails for being slow.
const usualTimeout = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 60_000 }));
afterAll(() => configure({ asyncUtilTimeout: usualTimeout }));

function renderBuilder(route = '/page-builder/pg1') {
  const router = createMemoryRouter(
    [
      { path: '/page-builder/:id', element: <PageBuilderPage /> },
      { path: '/landing', element: <p>All the pages</p> },
    ],
    { initialEntries: [route] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return router;
}

function api(
  overrides: (call: {
    method: string;
    url: URL;
    body: unknown;
  }) => { status?: number; body?: unknown } | undefined = () => undefined,
) {
  return mockApi((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === '/api/pages/pg1') return { body: pageDetail() };
    if (path === '/api/pages/pg1/preview-data')
      return { body: { data: pageDetail().data, images: {}, funds: {}, giving: null } };
    if (path === '/api/funds/options') return { body: { data: [] } };
    if (path === '/api/pages/pg1/versions') {
      return {
        body: {
          data: [
            {
              number: 2,
              title: 'Winter appeal',
              published_at: '2026-11-20T10:00:00Z',
              published_by_name: 'Grace Hopper',
            },
          ],
        },
      };
    }
    return undefined;
  });
}

describe('the page builder', { timeout: 180_000 }, () => {
  it('shows the page in the editor with its status and publishes the draft with its version', async () => {
    const { calls } = api((call) =>
      call.url.pathname === '/api/pages/pg1/publish'
        ? { body: pageDetail({ version: 8, published_version: 3 }) }
        : undefined,
    );
    const user = userEvent.setup();
    renderBuilder();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Winter appeal Published' }),
    ).toBeVisible();
    expect(screen.getByTestId('save-state')).toHaveTextContent('Saved');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 3 is now live.')).toBeVisible();
    // Opening the page saved nothing: publishing needed no draft save first.
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(calls.find((call) => call.url.pathname.endsWith('/publish'))?.body).toEqual({
      version: 7,
    });
  });

  it('lists the published versions and restores one after confirming', async () => {
    const { calls } = api((call) =>
      call.url.pathname === '/api/pages/pg1/versions/2/restore'
        ? { body: pageDetail({ version: 9, title: 'Winter appeal' }) }
        : undefined,
    );
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Versions' }));
    const list = await screen.findByTestId('page-versions');
    expect(list).toHaveTextContent('Version 2');
    expect(list).toHaveTextContent('Grace Hopper');
    await user.click(within(list).getByRole('button', { name: 'Restore' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Restore this version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Version 2 is the draft again.')).toBeVisible();
    expect(calls.find((call) => call.url.pathname.endsWith('/restore'))?.body).toEqual({
      version: 7,
    });
  });

  it('changes the page’s settings and shows a refused slug under its field', async () => {
    api((call) =>
      call.method === 'PUT' && call.url.pathname === '/api/pages/pg1'
        ? {
            status: 422,
            body: { message: 'Invalid', errors: { slug: ['This address is reserved.'] } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await screen.findByRole('button', { name: 'Page settings' }));
    const form = screen.getByTestId('page-settings-form');
    await user.clear(within(form).getByLabelText('Address'));
    await user.type(within(form).getByLabelText('Address'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address is reserved.')).toBeVisible();
  });

  it('previews the page as the public will see it', async () => {
    api();
    renderBuilder('/page-builder/pg1?preview=1');
    const preview = await screen.findByTestId('page-preview');
    expect(within(preview).getByRole('heading', { level: 1, name: 'Feed a family' })).toBeVisible();
    expect(
      within(preview).getByText('Online giving is not available on this page yet.'),
    ).toBeVisible();
  });
});
