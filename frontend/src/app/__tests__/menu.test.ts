import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/users';
import { filterMenu, MENU, type MenuItem } from '../main/menu';

const keys = (items: MenuItem[]): string[] =>
  items.flatMap((item) => (item.submenu ? [item.key, ...keys(item.submenu)] : [item.key]));

describe('sidebar menu filtering', () => {
  it('shows only the entries whose permission the user has', () => {
    const user = makeUser({ permissions: ['view-dashboard', 'manage-donors'] });
    const visible = keys(filterMenu(MENU, user));
    expect(visible).toContain('home');
    expect(visible).toContain('donors');
    expect(visible).not.toContain('donations');
    expect(visible).not.toContain('settings.users');
    expect(visible).not.toContain('settings.2fa');
  });

  it('drops a group with no permitted entry and keeps permission-free settings', () => {
    const visible = keys(filterMenu(MENU, makeUser({ permissions: [] })));
    expect(visible).not.toContain('group:gift_aid');
    expect(visible).toEqual(['group:settings', 'settings.profile', 'settings.notifications']);
  });

  it('never shows hidden entries, even with their permission', () => {
    const user = makeUser({ permissions: ['manage-fund-distributions', 'manage-subscriptions'] });
    const visible = keys(filterMenu(MENU, user));
    expect(visible).not.toContain('subscriptions');
  });

  it('shows Fund management to those who may manage fund distributions', () => {
    const allowed = makeUser({ permissions: ['manage-fund-distributions'] });
    expect(keys(filterMenu(MENU, allowed))).toContain('fund-management');
    const other = makeUser({ permissions: ['manage-donations'] });
    expect(keys(filterMenu(MENU, other))).not.toContain('fund-management');
  });

  it('shows Send Notification to admins only', () => {
    expect(keys(filterMenu(MENU, makeUser()))).not.toContain('admin.notifications');
    const admin = makeUser({ role: 'admin', roles: ['admin'], is_admin: true });
    expect(keys(filterMenu(MENU, admin))).toContain('admin.notifications');
  });
});
