/**
 * The only route map: every path, route name, layout and route middleware of the spec (§2).
 * Middleware names: admin, auth, guest, startup, permission:a,b (all required), role:x,y (any).
 * The default middleware (locale, check-auth) run before these for every route.
 */
export type LayoutName = 'main' | 'error' | 'basic' | 'plain' | 'website' | 'guest';

export interface RouteDef {
  name: string;
  path: string;
  layout?: LayoutName;
  middleware: string[];
  /** Parent route name, for breadcrumbs. */
  parent?: string;
  /** Redirect target route name (e.g. /settings → settings.profile). */
  redirectTo?: string;
}

const AUTH = ['auth'];
const perm = (...names: string[]) => ['auth', `permission:${names.join(',')}`];
const ADMIN = ['auth', 'admin'];

// prettier-ignore
export const ROUTES: RouteDef[] = [
  // Public and authentication
  { name: 'login', path: '/login', layout: 'basic', middleware: ['guest'] },
  { name: 'register', path: '/register', layout: 'basic', middleware: ['guest'] },
  { name: 'verify.2fa', path: '/verify/2fa', layout: 'basic', middleware: AUTH },
  { name: 'validate.charity', path: '/validate/charity', layout: 'plain', middleware: AUTH },
  { name: 'password.request', path: '/password/reset', layout: 'basic', middleware: ['guest'] },
  { name: 'password.reset', path: '/password/reset/:token', layout: 'basic', middleware: [] },
  { name: 'verification.verify', path: '/email/verify/:id', layout: 'basic', middleware: [] },
  { name: 'verification.resend', path: '/email/resend', layout: 'basic', middleware: AUTH },

  // Home and errors
  { name: 'home', path: '/', layout: 'main', middleware: AUTH },
  { name: '404', path: '/404', layout: 'error', middleware: [] },
  { name: '401', path: '/unauthorized', layout: 'error', middleware: [] },

  // Settings
  { name: 'settings', path: '/settings', layout: 'main', middleware: AUTH, redirectTo: 'settings.profile' },
  { name: 'settings.profile', path: '/settings/profile', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.password', path: '/settings/password', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.notifications', path: '/settings/notifications', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.2fa', path: '/settings/2fa', layout: 'main', middleware: perm('two-factor-authentication'), parent: 'settings' },
  { name: 'settings.users', path: '/settings/users', layout: 'main', middleware: perm('manage-users'), parent: 'settings' },
  { name: 'settings.roles', path: '/settings/roles', layout: 'main', middleware: perm('manage-users'), parent: 'settings' },
  { name: 'settings.roles.permissions', path: '/settings/roles/:id/permissions', layout: 'main', middleware: perm('manage-users'), parent: 'settings.roles' },
  { name: 'settings.permissions', path: '/settings/permissions', layout: 'main', middleware: perm('manage-users'), parent: 'settings' },
  { name: 'settings.options', path: '/settings/options', layout: 'main', middleware: perm('manage-users'), parent: 'settings' },
  { name: 'settings.charity', path: '/settings/charity', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.authorized_official', path: '/settings/authorized-official', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.theme', path: '/settings/theme', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.delete_account', path: '/settings/delete-account', layout: 'main', middleware: AUTH, parent: 'settings' },
  { name: 'settings.expense_types', path: '/expense-types', layout: 'main', middleware: perm('manage-expense-types'), parent: 'fund-management' },

  // Admin and support
  { name: 'admin.notifications', path: '/admin/notifications', layout: 'main', middleware: ADMIN },
  { name: 'feedbacks', path: '/feedbacks', layout: 'main', middleware: perm('manage-feedbacks') },

  // Donations
  { name: 'donations', path: '/donations', layout: 'main', middleware: perm('manage-donations') },
  { name: 'donations.create', path: '/donations/create', layout: 'main', middleware: perm('manage-donations'), parent: 'donations' },
  { name: 'donations.quick', path: '/donations/quick-donations', layout: 'main', middleware: perm('manage-donations'), parent: 'donations' },
  { name: 'donations.import', path: '/donations/import-data', layout: 'main', middleware: perm('import-donations'), parent: 'donations' },
  { name: 'donations.show', path: '/donations/:id', layout: 'main', middleware: perm('manage-donations'), parent: 'donations' },
  { name: 'donations.edit', path: '/donations/:id/edit', layout: 'main', middleware: perm('manage-donations'), parent: 'donations' },

  // Gift Aid
  { name: 'claimed', path: '/gift-aid/claimed', layout: 'main', middleware: perm('manage-passed-claim') },
  { name: 'un_claimed', path: '/gift-aid/un-claimed', layout: 'main', middleware: perm('manage-unclaimed') },
  { name: 'passed.show', path: '/gift-aid/passed-claimed/:report_id', layout: 'main', middleware: perm('manage-passed-claim'), parent: 'passed' },
  { name: 'passed', path: '/gift-aid/reports', layout: 'main', middleware: perm('manage-passed-claim') },
  { name: 'giftaid_settings', path: '/gift-aid/settings', layout: 'main', middleware: perm('manage-unclaimed') },

  // Donors
  { name: 'donors', path: '/donors', layout: 'main', middleware: perm('manage-donors') },
  { name: 'donors.merge', path: '/donors/merge', layout: 'main', middleware: perm('manage-donors'), parent: 'donors' },
  { name: 'donors.create', path: '/donors/create', layout: 'main', middleware: perm('manage-donors'), parent: 'donors' },
  { name: 'donors.show', path: '/donors/:id', layout: 'main', middleware: perm('manage-donors'), parent: 'donors' },
  { name: 'donors.edit', path: '/donors/:id/edit', layout: 'main', middleware: perm('manage-donors'), parent: 'donors.show' },
  { name: 'donors.donations.create', path: '/donors/:id/donations/create', layout: 'main', middleware: perm('manage-donors', 'manage-donations'), parent: 'donors.show' },

  // Funds and projects
  { name: 'fund-management', path: '/fund-management', layout: 'main', middleware: perm('manage-fund-distributions') },
  { name: 'fund-management.fund', path: '/fund-management/f/:id', layout: 'main', middleware: perm('manage-fund-distributions'), parent: 'fund-management' },
  { name: 'fund-management.statement', path: '/fund-management/statement', layout: 'main', middleware: perm('manage-fund-distributions'), parent: 'fund-management' },
  { name: 'fund-management.project', path: '/fund-management/p/:id', layout: 'main', middleware: perm('manage-fund-distributions', 'manage-projects'), parent: 'fund-management' },
  { name: 'fund-management.expenses', path: '/fund-management/expenses', layout: 'main', middleware: perm('manage-fund-distributions'), parent: 'fund-management' },
  { name: 'projects', path: '/projects', layout: 'main', middleware: perm('manage-projects') },
  { name: 'projects.add', path: '/projects/add', layout: 'main', middleware: perm('manage-projects'), parent: 'projects' },
  { name: 'projects.edit', path: '/projects/:id/edit', layout: 'main', middleware: perm('manage-projects'), parent: 'projects' },

  // Knowledge base
  { name: 'knowledge-base', path: '/knowledge-base', layout: 'main', middleware: perm('access-knowledge-base') },
  { name: 'knowledge-base.view', path: '/Knowledge/base/view/:cat_id/:id', layout: 'main', middleware: perm('access-knowledge-base'), parent: 'knowledge-base' },
  { name: 'knowledge-base.categories', path: '/Knowledge/base/categories', layout: 'main', middleware: perm('access-knowledge-base'), parent: 'knowledge-base' },
  { name: 'admin.knowledge-base.categories', path: '/admin/Knowledge/base/categories', layout: 'main', middleware: perm('manage-knowledge-base'), parent: 'admin.knowledge-base' },
  { name: 'admin.knowledge-base', path: '/admin/knowledge/base', layout: 'main', middleware: perm('manage-knowledge-base') },

  // Integrations, configuration and billing
  { name: 'payment-gateways', path: '/payment-gateways', layout: 'main', middleware: perm('manage-integrations') },
  { name: 'configurations', path: '/configurations', layout: 'main', middleware: AUTH },
  { name: 'locations', path: '/locations', layout: 'main', middleware: perm('manage-donation-types'), parent: 'donation-types' },
  { name: 'donation-types', path: '/donation-types', layout: 'main', middleware: perm('manage-donation-types') },
  { name: 'integrations', path: '/integrations', layout: 'main', middleware: perm('manage-integrations') },
  { name: 'landing', path: '/landing', layout: 'main', middleware: perm('manage-integrations') },
  { name: 'page-builder', path: '/page-builder/:id', layout: 'website', middleware: ['startup', 'auth', 'permission:manage-integrations'], parent: 'landing' },
  { name: 'webhook-calls', path: '/webhook-calls', layout: 'main', middleware: perm('manage-integrations') },
  { name: 'subscriptions', path: '/subscriptions', layout: 'main', middleware: perm('manage-subscriptions') },
  { name: 'billings', path: '/billings', layout: 'main', middleware: AUTH, redirectTo: 'accounts' },
  { name: 'accounts', path: '/billings/accounts', layout: 'main', middleware: perm('manage-integrations') },
  { name: 'billings.payments', path: '/billings/payments', layout: 'main', middleware: perm('manage-subscriptions'), parent: 'accounts' },

  // Charities (platform admin)
  { name: 'charities', path: '/charities', layout: 'main', middleware: ADMIN },
  { name: 'charities.show', path: '/charities/:id', layout: 'main', middleware: ADMIN, parent: 'charities' },
  { name: 'charities.edit', path: '/charities/:id/edit', layout: 'main', middleware: ADMIN, parent: 'charities.show' },

  // Legal pages of the bare website (linked from the sign-in card)
  { name: 'legal.terms', path: '/terms', layout: 'website', middleware: [] },
  { name: 'legal.privacy', path: '/privacy', layout: 'website', middleware: [] },
  { name: 'legal.cookies', path: '/cookies', layout: 'website', middleware: [] },

  // UI example routes
  { name: 'ui.forms', path: '/forms', layout: 'main', middleware: AUTH },
  { name: 'ui.cards', path: '/cards', layout: 'main', middleware: AUTH },
  { name: 'ui.buttons', path: '/buttons', layout: 'main', middleware: AUTH },
  { name: 'ui.slideout', path: '/slideout', layout: 'main', middleware: AUTH },
  { name: 'ui.tabs', path: '/tabs', layout: 'main', middleware: AUTH },
];

/** The catch-all shows the 404 page (route name 404). */
export const CATCH_ALL_PATH = '*';

const BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: string): RouteDef {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  return route;
}

/** Builds the URL of a named route, filling `:param` segments. */
export function pathFor(name: string, params: Record<string, string | number> = {}): string {
  return routeByName(name).path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing param ${key} for route ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Route names from the top ancestor down to `name`, for breadcrumbs. */
export function routeTrail(name: string): string[] {
  const trail: string[] = [];
  let current: RouteDef | undefined = BY_NAME.get(name);
  while (current) {
    trail.unshift(current.name);
    current = current.parent ? BY_NAME.get(current.parent) : undefined;
  }
  return trail;
}

/** i18n key of a route's title; dots in route names are not key separators. */
export function routeTitleKey(name: string): string {
  return `routes.${name.replace(/\./g, '__')}`;
}

export const paths = {
  home: '/',
  login: '/login',
  verify2fa: '/verify/2fa',
  unauthorized: '/unauthorized',
  notFound: '/404',
} as const;
