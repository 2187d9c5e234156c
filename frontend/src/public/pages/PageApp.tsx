import { useEffect, useRef, useState } from 'react';
import { setApiLanguage } from '@/public/give/api';
import { fetchPublishedPage, type PublishedPage } from './api';
import { isEmbedded, parseFramePath, reportHeight, topRedirect } from './embed';
import { pageI18n, renderPage } from './render/renderPage';

/** /p/{charity}/{slug}: the slugs, or null for any other path. */
export function parsePagePath(pathname: string): { charity: string; slug: string } | null {
  const match = /^\/p\/([a-z0-9-]{1,60})\/([a-z0-9-]{1,60})\/?$/.exec(pathname);
  return match ? { charity: match[1] as string, slug: match[2] as string } : null;
}

type Load =
  { state: 'loading' } | { state: 'ready'; page: PublishedPage } | { state: 'missing' | 'failed' };

/** The browser's language for the not-found view (the page itself says its own). */
const fallbackLocale = (): 'en' | 'es' =>
  (navigator.languages ?? [navigator.language]).some((l) => l?.toLowerCase().startsWith('es')) &&
  !(navigator.languages ?? []).some((l) => l?.toLowerCase().startsWith('en'))
    ? 'es'
    : 'en';

interface Props {
  location?: Location;
  /** Replaces the address (history.replaceState) when the page moved to a new slug. */
  replace?: (url: string) => void;
  /** In the donation widget's frame (default: from the address, see ./embed). */
  embedded?: boolean;
}

/** A published landing page: fetched, followed if its slug changed, rendered in its language. */
export function PageApp({
  location = window.location,
  replace = (url) => window.history.replaceState(null, '', url),
  embedded = isEmbedded(location),
}: Props) {
  const route = parsePagePath(location.pathname) ?? parseFramePath(location.pathname);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const [slug, setSlug] = useState(route?.slug ?? '');
  const [load, setLoad] = useState<Load>(route ? { state: 'loading' } : { state: 'missing' });
  const charity = route?.charity ?? '';
  // Each fetch counts a visit: the effect runs once per slug, whatever else re-renders.
  const replaceRef = useRef(replace);
  replaceRef.current = replace;
  const search = location.search;

  useEffect(() => {
    if (!charity || !slug) return;
    let current = true;
    void fetchPublishedPage(charity, slug).then((answer) => {
      if (!current) return;
      if (answer.state === 'redirect') {
        // Only one hop, and only to another slug of the same charity.
        if (answer.slug !== slug && /^[a-z0-9-]{1,60}$/.test(answer.slug)) {
          if (!embedded) replaceRef.current(`/p/${charity}/${answer.slug}${search}`);
          setSlug(answer.slug);
        } else setLoad({ state: 'missing' });
      } else if (answer.state === 'page') setLoad({ state: 'ready', page: answer.page });
      else setLoad({ state: answer.state });
    });
    return () => {
      current = false;
    };
    // `search` is read once, with the slug it belongs to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [charity, slug]);

  // In the widget's frame: the height to the widget, whatever is shown.
  useEffect(() => (embedded ? reportHeight() : undefined), [embedded]);

  const locale = load.state === 'ready' ? load.page.page.locale : fallbackLocale();
  const t = pageI18n(locale).t;
  useEffect(() => {
    document.documentElement.lang = locale;
    setApiLanguage(locale);
    if (load.state === 'ready') {
      document.title = `${load.page.page.title} · ${load.page.charity.name}`;
    } else if (load.state !== 'loading') document.title = t('pages.not_found');
  }, [load, locale, t]);

  if (load.state === 'loading') {
    return (
      <p role="status" className="pb-status">
        {t('pages.loading')}
      </p>
    );
  }
  if (load.state !== 'ready') {
    return (
      <main className="pb-status" data-testid="page-missing">
        <h1>
          {t(
            load.state === 'failed'
              ? 'pages.load_failed'
              : embedded
                ? 'pages.closed'
                : 'pages.not_found',
          )}
        </h1>
      </main>
    );
  }
  const { page, charity: owner, images, funds, giving } = load.page;
  return (
    <main id="main">
      {renderPage(page.data, {
        locale: page.locale,
        pageId: page.id,
        charity: owner,
        images,
        funds,
        giving,
        ...(embedded && {
          redirect: (url: string) => topRedirect(url, setCheckoutUrl),
          checkoutUrl,
        }),
      })}
    </main>
  );
}
