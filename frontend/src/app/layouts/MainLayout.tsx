import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { TicketPanel } from '@/features/support/TicketPanel';
import { Breadcrumbs } from '../main/Breadcrumbs';
import { Header } from '../main/Header';
import { IdleWatcher } from '../main/IdleWatcher';
import { Sidebar, SIDEBAR_ID } from '../main/Sidebar';
import { useCurrentRouteName } from '../useCurrentRoute';

/** The id of <main>, the target of the "Skip to content" link. */
export const MAIN_CONTENT_ID = 'main-content';

export function MainLayout() {
  const { t } = useTranslation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const routeName = useCurrentRouteName();

  useEffect(() => setSidebarOpen(false), [location.pathname]);

  // Below 1024 px the sidebar is a drawer over the page: opening it moves focus into it, Escape
  // closes it and gives focus back to the menu button.
  useEffect(() => {
    if (!sidebarOpen) return;
    document.getElementById(SIDEBAR_ID)?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSidebarOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen]);

  return (
    <div className="main-layout">
      {/* First in the tab order: jumps past the sidebar and header to the page itself. */}
      <a
        className="skip-link"
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
      >
        {t('common.skip_to_content')}
      </a>
      <Sidebar open={sidebarOpen} onOpenSupport={() => setSupportOpen(true)} />
      {sidebarOpen && <div className="sidebar__scrim" onClick={() => setSidebarOpen(false)} />}
      <div className="main-layout__body">
        <Header
          menuOpen={sidebarOpen}
          menuButtonRef={menuButton}
          onToggleSidebar={() => setSidebarOpen(!sidebarOpen)}
        />
        <main id={MAIN_CONTENT_ID} className="main-layout__content" tabIndex={-1}>
          <Breadcrumbs routeName={routeName} />
          <Outlet />
        </main>
      </div>
      <TicketPanel open={supportOpen} onClose={() => setSupportOpen(false)} />
      <IdleWatcher />
    </div>
  );
}
