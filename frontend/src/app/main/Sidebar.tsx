import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/Logo';
import { feedbackKeys, feedbacksApi } from '@/features/support/api';
import { useUser } from '@/lib/auth-store';
import { isAdmin } from '@/lib/permissions';
import { filterMenu, MENU, type MenuItem } from './menu';

/** The sidebar's element id (the header's menu button controls it). */
export const SIDEBAR_ID = 'main-menu';

interface SidebarProps {
  open: boolean;
  onOpenSupport: () => void;
}

function useFeedbackCount(enabled: boolean): number | undefined {
  // Spec §7: admin only, on sidebar load; a failure shows no badge and is not reported.
  const { data } = useQuery({
    queryKey: feedbackKeys.count,
    queryFn: feedbacksApi.count,
    enabled,
    retry: false,
  });
  return typeof data === 'number' ? data : undefined;
}

export function Sidebar({ open, onOpenSupport }: SidebarProps) {
  const { t } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const items = filterMenu(MENU, user);
  const activeGroup = items.find((entry) =>
    entry.submenu?.some((child) => child.to === location.pathname),
  )?.key;
  const [openGroup, setOpenGroup] = useState<string | undefined>(activeGroup);
  const feedbackCount = useFeedbackCount(isAdmin(user));

  const renderLink = (entry: MenuItem) => (
    <li key={entry.key}>
      <NavLink to={entry.to ?? '/'} end className="sidebar__link">
        <span>{t(entry.title)}</span>
        {entry.badge === 'feedbacks' && feedbackCount !== undefined && feedbackCount > 0 && (
          <span
            className="sidebar__count"
            aria-label={t('menu.open_tickets', { count: feedbackCount })}
          >
            {feedbackCount}
          </span>
        )}
      </NavLink>
    </li>
  );

  return (
    <nav
      id={SIDEBAR_ID}
      className={`sidebar${open ? ' sidebar--open' : ''}`}
      aria-label={t('menu.label')}
      data-testid="sidebar"
    >
      <div className="sidebar__logo">
        <Logo />
      </div>
      <ul className="sidebar__menu">
        {items.map((entry) => {
          if (!entry.submenu) return renderLink(entry);
          const expanded = openGroup === entry.key;
          return (
            <li key={entry.key}>
              <button
                type="button"
                className="sidebar__group"
                aria-expanded={expanded}
                onClick={() => setOpenGroup(expanded ? undefined : entry.key)}
              >
                {t(entry.title)}
                <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
              </button>
              {expanded && <ul className="sidebar__submenu">{entry.submenu.map(renderLink)}</ul>}
            </li>
          );
        })}
      </ul>
      <button type="button" className="sidebar__support" onClick={onOpenSupport}>
        {t('support.open')}
      </button>
    </nav>
  );
}
