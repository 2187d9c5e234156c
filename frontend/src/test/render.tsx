import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';

/** Renders inside a query client (a fresh one unless given) and a memory router (for screens
 * that link). */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    client = createQueryClient(),
    ...options
  }: RenderOptions & { route?: string; client?: QueryClient } = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </AppProvider>
  );
  return { client, ...render(ui, { wrapper: Wrapper, ...options }) };
}
