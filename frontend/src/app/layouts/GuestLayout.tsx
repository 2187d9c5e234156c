import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { Logo } from '@/components/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { paths, pathFor } from '@/config/paths';

/** The fallback layout for a route that names no known layout. */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <div className="guest-layout">
      <SkipLink />
      <header className="guest-layout__header">
        <Link to="/">
          <Logo />
        </Link>
        <nav>
          <Link to={paths.login}>{t('auth.login.submit')}</Link>
          <Link to={pathFor('register')}>{t('auth.register.submit')}</Link>
          <LanguageSwitcher />
        </nav>
      </header>
      <main id={MAIN_CONTENT_ID} className="guest-layout__content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
