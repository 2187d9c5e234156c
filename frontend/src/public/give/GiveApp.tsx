import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { giveApi, PublicApiError, setApiLanguage, type PublicPage } from './api';
import { GiveForm } from './GiveForm';
import type { PublicLocale } from './i18n';
import { ManageGift } from './ManageGift';
import { ThankYou } from './ThankYou';

/** The paths of the page: /give/{slug}, /give/{slug}/thanks and the donor's /give/{slug}/manage. */
export function parsePath(
  pathname: string,
): { slug: string; thanks: boolean; manage: boolean } | null {
  const match = /^\/give\/([a-z0-9-]{1,60})(\/thanks|\/manage)?\/?$/.exec(pathname);
  return match
    ? { slug: match[1] as string, thanks: match[2] === '/thanks', manage: match[2] === '/manage' }
    : null;
}

/** The same address in the other language (?lang=…), keeping the rest of the query. */
function withLanguage(location: Location, locale: PublicLocale): string {
  const params = new URLSearchParams(location.search);
  params.set('lang', locale);
  return `${location.pathname}?${params.toString()}`;
}

type Load =
  { state: 'loading' } | { state: 'ready'; page: PublicPage } | { state: 'missing' | 'failed' };

interface Props {
  location?: Location;
  redirect?: (url: string) => void;
}

export function GiveApp({ location = window.location, redirect }: Props) {
  const { t, i18n } = useTranslation();
  const route = parsePath(location.pathname);
  const [load, setLoad] = useState<Load>(route ? { state: 'loading' } : { state: 'missing' });
  const locale = (i18n.language === 'es' ? 'es' : 'en') satisfies PublicLocale;
  const other: PublicLocale = locale === 'es' ? 'en' : 'es';
  const query = new URLSearchParams(location.search);
  const slug = route?.slug ?? '';
  // The self-service page is about one gift, not the donation page: it does not load the page.
  const manage = !!route?.manage;

  // Set while rendering (it only keeps the value): a child's effect runs before this component's,
  // and the self-service page's first request must already carry the page's language.
  setApiLanguage(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    if (!slug || manage) return;
    let current = true;
    giveApi.page(slug).then(
      (page) => current && setLoad({ state: 'ready', page }),
      (error: unknown) =>
        current &&
        setLoad({
          state: error instanceof PublicApiError && error.status === 404 ? 'missing' : 'failed',
        }),
    );
    return () => {
      current = false;
    };
  }, [slug, manage]);

  const thanks = !!route?.thanks;
  useEffect(() => {
    if (manage) document.title = t('manage.title');
    else if (thanks) document.title = t('thanks.title');
    else if (load.state === 'ready')
      document.title = load.page.title || t('page.title', { charity: load.page.charity.name });
  }, [load, t, thanks, manage]);

  const page = load.state === 'ready' ? load.page : null;
  const langParam = query.get('lang') ? `?lang=${locale}` : '';
  const backHref = `/give/${slug}${langParam}`;

  return (
    <div className="give-page">
      <header className="give-header">
        <div>
          {page && <p className="give-header__charity">{page.charity.name}</p>}
          {page?.charity.registration_number && (
            <p className="give-header__number">
              {t('page.registered', { number: page.charity.registration_number })}
            </p>
          )}
        </div>
        <nav aria-label={t('page.language')}>
          <a
            href={withLanguage(location, other)}
            lang={other}
            hrefLang={other}
            onClick={(event) => {
              event.preventDefault();
              window.history.replaceState(null, '', withLanguage(location, other));
              void i18n.changeLanguage(other);
            }}
          >
            {t('page.switch_language')}
          </a>
        </nav>
      </header>
      <main id="main" className="give-main">
        {manage ? (
          <ManageGift token={query.get('token') ?? ''} />
        ) : route?.thanks ? (
          <>
            <h1>{t('thanks.title')}</h1>
            <ThankYou
              slug={slug}
              intentId={query.get('intent') ?? ''}
              token={query.get('key') ?? ''}
              paypal={query.get('provider') === 'paypal'}
              backHref={backHref}
            />
          </>
        ) : load.state === 'ready' ? (
          <>
            <h1 id="give-title">{load.page.title || t('page.main_title')}</h1>
            {load.page.intro && <p className="give-intro">{load.page.intro}</p>}
            <GiveForm
              slug={slug}
              page={load.page}
              cancelled={query.get('cancelled') === '1'}
              redirect={redirect}
            />
          </>
        ) : load.state === 'loading' ? (
          <p role="status">{t('page.loading')}</p>
        ) : (
          <Card>
            <p role="alert">
              {t(load.state === 'missing' ? 'page.not_found' : 'page.load_failed')}
            </p>
          </Card>
        )}
      </main>
    </div>
  );
}
