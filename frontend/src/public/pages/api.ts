/**
 * The published landing page's one call: GET /api/public/pages/{charity}/{slug} (contract for
 * issue 17). Like the give page's client, a plain fetch: no session, no admin code.
 */
import type { PageData, PageGiving, RenderFund } from './render/types';

export interface PublishedPage {
  charity: { name: string; registration_number: string | null };
  page: {
    id: string;
    title: string;
    type: 'landing' | 'donation';
    locale: 'en' | 'es';
    data: PageData;
  };
  images: Record<string, string>;
  funds: Record<string, RenderFund>;
  giving: PageGiving | null;
}

export type PageAnswer =
  | { state: 'page'; page: PublishedPage }
  | { state: 'redirect'; slug: string }
  | { state: 'missing' }
  | { state: 'failed' };

export async function fetchPublishedPage(charity: string, slug: string): Promise<PageAnswer> {
  const path = `/api/public/pages/${encodeURIComponent(charity)}/${encodeURIComponent(slug)}`;
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin).href, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    return { state: 'failed' };
  }
  if (response.status === 404) return { state: 'missing' };
  if (!response.ok) return { state: 'failed' };
  const body = (await response.json().catch(() => null)) as
    (PublishedPage & { redirect?: undefined }) | { redirect: string } | null;
  if (!body) return { state: 'failed' };
  if (typeof body.redirect === 'string') return { state: 'redirect', slug: body.redirect };
  return { state: 'page', page: body as PublishedPage };
}
