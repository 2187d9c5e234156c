import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { lazyComponent } from '@/lib/lazy-component';
import { Breadcrumbs } from '../main/Breadcrumbs';
import { Header } from '../main/Header';
import { IdleWatcher } from '../main/IdleWatcher';
import { Sidebar, SIDEBAR_ID } from '../main/Sidebar';
import { useCurrentRouteName } from '../useCurrentRoute';

// The support ticket panel is loaded when first opened, not with every page (ADR 0023).
const TicketPanel = lazyComponent(() =>
  import('@/features/support/TicketPanel').then((module) => module.TicketPanel),
);

export function MainLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const [supportOpened, setSupportOpened] = useState(false);
  useEffect(() => {
    if (supportOpen) setSupportOpened(true);
  }, [supportOpen]);
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
      <SkipLink />
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
      {(supportOpen || supportOpened) && (
        <Suspense fallback={null}>
          <TicketPanel open={supportOpen} onClose={() => setSupportOpen(false)} />
        </Suspense>
      )}
      <IdleWatcher />
    </div>
  );
}
