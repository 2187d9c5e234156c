import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  Link,
  NavLink,
  Outlet,
  RouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  useRouteError,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { rewriteRouter } from '../../../react-router-data-mode';

// react-router is built for data mode (frontend/react-router-data-mode.ts); the unit tests run
// that build, as the app does (vite.config.ts inlines react-router for them).
const DIST = join(__dirname, '../../../node_modules/react-router/dist');

function routerChunks(): string[] {
  return ['production', 'development'].flatMap((build) =>
    readdirSync(join(DIST, build))
      .filter((name) => /^chunk-[A-Z0-9]+\.mjs$/.test(name))
      .map((name) => readFileSync(join(DIST, build, name), 'utf8'))
      .filter((code) => code.includes('function usePrefetchBehavior(')),
  );
}

describe('react-router in data mode', () => {
  it('rewrites the production and development builds, each rewrite once', () => {
    const chunks = routerChunks();
    expect(chunks).toHaveLength(2);
    for (const code of chunks) {
      const out = rewriteRouter(code);
      expect(out).not.toMatch(/createElement\(PrefetchPageLinks, \{ page: href/);
      expect(out).not.toMatch(/createElement\(RSCErrorHandler/);
      expect(out).not.toMatch(/= instrumentClientSideRouter\(/);
      expect(out).not.toMatch(/Form\.displayName/);
    }
  });

  it('fails on a version where a rewrite does not match', () => {
    const [code] = routerChunks();
    expect(() => rewriteRouter((code ?? '').replace('Form.displayName', 'Form.label'))).toThrow(
      /"Form.displayName" matched 0 times/,
    );
  });

  it('navigates with Link and NavLink, whatever their prefetch mode', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Link to="/a" prefetch="intent">
                to a
              </Link>
              <NavLink to="/b" prefetch="render">
                to b
              </NavLink>
              <Outlet />
            </>
          ),
          children: [
            { path: 'a', element: <p>page a</p> },
            { path: 'b', element: <p>page b</p> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    await userEvent.hover(screen.getByRole('link', { name: 'to a' }));
    await userEvent.click(screen.getByRole('link', { name: 'to a' }));
    expect(await screen.findByText('page a')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'to b' }));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'to b' })).toHaveAttribute('aria-current', 'page');
    // No prefetch <link> elements: there is no framework manifest to prefetch from.
    expect(container.querySelectorAll('link')).toHaveLength(0);
  });

  it("renders a route's error element, and the default one without it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Shown() {
      const error = useRouteError() as Error;
      return <p>caught: {error.message}</p>;
    }
    function Boom(): never {
      throw new Error('kaput');
    }
    const router = createMemoryRouter(
      [
        { path: '/', element: <Boom />, errorElement: <Shown /> },
        { path: '/bare', element: <Boom /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('caught: kaput')).toBeInTheDocument();
    await router.navigate('/bare');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
  });

  it('refuses framework mode and instrumentations instead of ignoring them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A Link under a framework context fails; the route's error boundary shows why.
    const router = createMemoryRouter([{ path: '/', element: <Link to="/x">x</Link> }]);
    const framework = {} as React.ContextType<typeof FrameworkContext>;
    render(
      <FrameworkContext.Provider value={framework}>
        <RouterProvider router={router} />
      </FrameworkContext.Provider>,
    );
    expect(
      await screen.findByRole('heading', { name: /built for data mode only/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'x' })).not.toBeInTheDocument();
    expect(() =>
      createMemoryRouter([{ path: '/', element: null }], {
        instrumentations: [{ router() {} }],
      }),
    ).toThrow(/data mode only/);
  });
});
