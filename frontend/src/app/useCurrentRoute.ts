import { useMatches } from 'react-router';
import type { RouteHandle } from './routes';

/** The deepest matched route that carries a route name. */
export function useCurrentRouteName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}
