import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Card } from '@/components/Card';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { Logo } from '@/components/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { pathFor } from '@/config/paths';
import { prefetchSignedInApp } from '../routes';

/**
 * Centred card on a dark background, with the logo and the legal links. Its pages (sign-in,
 * register, two-factor) lead into the app, whose first screen is fetched while they are open.
 */
export function BasicLayout() {
  const { t } = useTranslation();
  useEffect(() => {
    const idle = window.setTimeout(prefetchSignedInApp, 0);
    return () => window.clearTimeout(idle);
  }, []);
  return (
    <div className="basic-layout">
      <SkipLink />
      <div className="basic-layout__logo">
        <Logo size={40} />
      </div>
      <Card as="main" id={MAIN_CONTENT_ID} className="basic-layout__card" tabIndex={-1}>
        <Outlet />
      </Card>
      <footer className="basic-layout__footer">
        <Link to={pathFor('legal.terms')}>{t('footer.terms')}</Link>
        <Link to={pathFor('legal.privacy')}>{t('footer.privacy')}</Link>
        <Link to={pathFor('legal.cookies')}>{t('footer.cookies')}</Link>
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
