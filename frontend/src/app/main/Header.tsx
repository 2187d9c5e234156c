import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { GlobalSearch } from '@/features/search/GlobalSearch';
import { setDark, useDark } from '@/lib/theme';
import { ProfileMenu } from './ProfileMenu';

export function Header({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  const dark = useDark();
  return (
    <header className="header">
      <button
        type="button"
        className="header__hamburger icon-button"
        aria-label={t('header.toggle_menu')}
        onClick={onToggleSidebar}
      >
        ☰
      </button>
      <GlobalSearch />
      <div className="header__actions">
        <button
          type="button"
          className="icon-button"
          aria-pressed={dark}
          aria-label={t('header.dark_mode')}
          onClick={() => setDark(!dark)}
        >
          {dark ? '☀' : '☾'}
        </button>
        <LanguageSwitcher />
        <NotificationBell />
        <ProfileMenu />
      </div>
    </header>
  );
}
