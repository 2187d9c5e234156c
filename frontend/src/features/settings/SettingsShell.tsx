import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { can, isCharityUser } from '@/lib/permissions';

const SETTINGS_PAGES: { name: string; permission?: string; charityOnly?: boolean }[] = [
  { name: 'settings.profile' },
  { name: 'settings.password' },
  { name: 'settings.notifications' },
  { name: 'settings.2fa', permission: 'two-factor-authentication' },
  { name: 'settings.users', permission: 'manage-users' },
  { name: 'settings.roles', permission: 'manage-users' },
  { name: 'settings.permissions', permission: 'manage-users' },
  { name: 'settings.options', permission: 'manage-users' },
  { name: 'settings.charity', charityOnly: true },
  { name: 'settings.authorized_official', charityOnly: true },
  { name: 'settings.theme' },
  { name: 'settings.delete_account' },
];

/** Settings pages share a title and a side navigation of the settings the user may open. */
export function SettingsShell({ routeName, children }: { routeName: string; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  const pages = SETTINGS_PAGES.filter(
    (page) => can(user, page.permission) && (!page.charityOnly || isCharityUser(user)),
  );
  return (
    <section>
      <PageHeader title={t(routeTitleKey(routeName))} />
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={t('settings.nav')}>
          {pages.map((page) => (
            <NavLink key={page.name} to={pathFor(page.name)}>
              {t(routeTitleKey(page.name))}
            </NavLink>
          ))}
        </nav>
        <div className="settings-content">{children}</div>
      </div>
    </section>
  );
}
