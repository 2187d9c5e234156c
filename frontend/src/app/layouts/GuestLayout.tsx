import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { Logo } from '@/components/Logo';
import { paths, pathFor } from '@/config/paths';

/** The fallback layout for a route that names no known layout. */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <div className="guest-layout">
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
      <main className="guest-layout__content">
        <Outlet />
      </main>
    </div>
  );
}
