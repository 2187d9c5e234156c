import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth-store';

export type LegalDocumentName = 'terms' | 'privacy' | 'cookies';

/** A section in the locale: `title`, then paragraphs `p1`, `p2`… in order. */
type Section = { title: string } & Record<string, string>;

/** A browser cookie or storage key the product really uses (names are code, not copy). */
export interface StorageRow {
  name: string;
  /** i18n key under legal.cookies.rows with `purpose` and `duration`. */
  key: string;
}

/** Cookies set by the API (functions/core/sessions.py) and by the SPA (config/constants.ts). */
export const COOKIE_ROWS: StorageRow[] = [
  { name: 'almoner_session', key: 'session' },
  { name: 'XSRF-TOKEN', key: 'xsrf' },
  { name: 'locale', key: 'locale' },
  { name: 'intended_url', key: 'intended_url' },
  { name: 'token', key: 'startup_token' },
];

/** Browser storage keys of the SPA (lib/theme.ts, data-table/meta.ts, RouteEffects, chunks). */
export const STORAGE_ROWS: StorageRow[] = [
  { name: 'dark', key: 'dark' },
  { name: '<table>_meta', key: 'table_meta' },
  { name: 'almoner_scroll_positions', key: 'scroll' },
  { name: 'almoner_chunk_reload', key: 'chunk_reload' },
];

function StorageTable({ rows, caption }: { rows: StorageRow[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="legal-page__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('legal.cookies.columns.name')}</th>
          <th scope="col">{t('legal.cookies.columns.purpose')}</th>
          <th scope="col">{t('legal.cookies.columns.duration')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">
              <code>{row.name}</code>
            </th>
            <td>{t(`legal.cookies.rows.${row.key}.purpose`)}</td>
            <td>{t(`legal.cookies.rows.${row.key}.duration`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One public legal page: title, date, intro and numbered sections, all from the locale. */
export function LegalDocument({ name }: { name: LegalDocumentName }) {
  const { t } = useTranslation();
  const signedIn = useUser() !== null;
  const sections = Object.values(
    t(`legal.${name}.sections`, { returnObjects: true }) as unknown as Record<string, Section>,
  );
  return (
    <Card as="article" className="legal-page">
      <nav className="legal-page__nav" aria-label={t('legal.nav_label')}>
        {signedIn ? (
          <Link to={paths.home}>{t('legal.back_home')}</Link>
        ) : (
          <Link to={paths.login}>{t('legal.back_to_sign_in')}</Link>
        )}
      </nav>
      <PageHeader title={t(`legal.${name}.title`)} />
      <p className="legal-page__updated">{t('legal.updated')}</p>
      <p>{t(`legal.${name}.intro`)}</p>
      {name === 'cookies' && (
        <>
          <StorageTable rows={COOKIE_ROWS} caption={t('legal.cookies.cookies_caption')} />
          <StorageTable rows={STORAGE_ROWS} caption={t('legal.cookies.storage_caption')} />
        </>
      )}
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {Object.entries(section)
            .filter(([key]) => key !== 'title')
            .map(([key, paragraph]) => (
              <p key={key}>{paragraph}</p>
            ))}
        </section>
      ))}
    </Card>
  );
}
