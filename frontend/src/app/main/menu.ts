import { pathFor } from '@/config/paths';
import { can, isAdmin } from '@/lib/permissions';
import type { User } from '@/lib/types';

/** Spec §3 menu item: title, to, permissions, visible, submenu (+ admin-only and a badge). */
export interface MenuItem {
  key: string;
  title: string;
  to?: string;
  permissions?: string[];
  adminOnly?: boolean;
  visible?: boolean;
  badge?: 'feedbacks';
  submenu?: MenuItem[];
}

const item = (
  routeName: string,
  permission: string | null,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  key: routeName,
  title: `menu.${routeName.replace(/\./g, '__')}`,
  to: pathFor(routeName),
  permissions: permission ? [permission] : undefined,
  ...extra,
});

const group = (name: string, submenu: MenuItem[]): MenuItem => ({
  key: `group:${name}`,
  title: `menu.groups.${name}`,
  submenu,
});

export const MENU: MenuItem[] = [
  item('home', 'view-dashboard'),
  group('donations', [
    item('donations', 'manage-donations'),
    item('donors', 'manage-donors'),
    item('donations.import', 'import-donations'),
  ]),
  group('funds', [
    item('fund-management', 'manage-fund-distributions'),
    item('settings.expense_types', 'manage-expense-types'),
    item('projects', 'manage-projects'),
  ]),
  item('donation-types', 'manage-donation-types'),
  item('accounts', 'manage-integrations'),
  item('integrations', 'manage-integrations'),
  group('gift_aid', [
    item('un_claimed', 'manage-unclaimed'),
    item('passed', 'manage-passed-claim'),
    item('giftaid_settings', 'manage-unclaimed'),
  ]),
  item('knowledge-base', 'access-knowledge-base'),
  item('charities', 'manage-charities'),
  item('admin.notifications', null, { adminOnly: true }),
  item('feedbacks', 'manage-feedbacks', { badge: 'feedbacks' }),
  group('knowledge_base_admin', [
    item('admin.knowledge-base', 'manage-knowledge-base'),
    item('admin.knowledge-base.categories', 'manage-knowledge-base'),
  ]),
  group('settings', [
    item('settings.profile', null),
    item('settings.users', 'manage-users'),
    item('subscriptions', 'manage-subscriptions', { visible: false }),
    item('settings.notifications', null),
    item('settings.2fa', 'two-factor-authentication'),
  ]),
];

function allowed(entry: MenuItem, user: User | null): boolean {
  if (entry.visible === false) return false;
  if (entry.adminOnly && !isAdmin(user)) return false;
  return can(user, entry.permissions);
}

/** Items the user may see; a group with no visible entry disappears. */
export function filterMenu(items: MenuItem[], user: User | null): MenuItem[] {
  const result: MenuItem[] = [];
  for (const entry of items) {
    if (entry.submenu) {
      const submenu = filterMenu(entry.submenu, user);
      if (submenu.length > 0) result.push({ ...entry, submenu });
    } else if (allowed(entry, user)) {
      result.push(entry);
    }
  }
  return result;
}
