import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/LanguageSwitcher';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { GlobalSearch } from '@/features/search/GlobalSearch';
import { setDark, useDark } from '@/lib/theme';
import { ProfileMenu } from './ProfileMenu';
import { SIDEBAR_ID } from './Sidebar';

interface HeaderProps {
  /** Whether the sidebar drawer (below 1024 px) is open. */
  menuOpen: boolean;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleSidebar: () => void;
}

export function Header({ menuOpen, menuButtonRef, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation();
  const dark = useDark();
  return (
    <header className="header">
      <button
        ref={menuButtonRef}
        type="button"
        className="header__hamburger icon-button"
        aria-label={t('header.toggle_menu')}
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
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
