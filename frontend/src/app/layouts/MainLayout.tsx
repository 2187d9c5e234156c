import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TicketPanel } from '@/features/support/TicketPanel';
import { Breadcrumbs } from '../main/Breadcrumbs';
import { Header } from '../main/Header';
import { IdleWatcher } from '../main/IdleWatcher';
import { Sidebar } from '../main/Sidebar';
import { useCurrentRouteName } from '../useCurrentRoute';

export function MainLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const location = useLocation();
  const routeName = useCurrentRouteName();

  useEffect(() => setSidebarOpen(false), [location.pathname]);

  return (
    <div className="main-layout">
      <Sidebar open={sidebarOpen} onOpenSupport={() => setSupportOpen(true)} />
      {sidebarOpen && <div className="sidebar__scrim" onClick={() => setSidebarOpen(false)} />}
      <div className="main-layout__body">
        <Header onToggleSidebar={() => setSidebarOpen(!sidebarOpen)} />
        <main className="main-layout__content">
          <Breadcrumbs routeName={routeName} />
          <Outlet />
        </main>
      </div>
      <TicketPanel open={supportOpen} onClose={() => setSupportOpen(false)} />
      <IdleWatcher />
    </div>
  );
}
