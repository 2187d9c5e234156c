import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };
type Importer = () => Promise<PageModule>;

const comingSoon: Importer = () => import('@/features/placeholder/ComingSoonPage');

/** Route name → lazily loaded screen. Names without an entry show the "coming soon" screen. */
export const PAGES: Record<string, Importer> = {
  login: () => import('@/features/auth/LoginPage'),
  register: () => import('@/features/auth/RegisterPage'),
  'verify.2fa': () => import('@/features/auth/TwoFactorChallengePage'),
  'password.request': () => import('@/features/auth/ForgotPasswordPage'),
  'password.reset': () => import('@/features/auth/ResetPasswordPage'),
  'verification.verify': () => import('@/features/auth/VerifyEmailPage'),
  'verification.resend': () => import('@/features/auth/ResendVerificationPage'),
  home: () => import('@/features/dashboard/DashboardPage'),
  'ui.buttons': () => import('@/features/gallery/ButtonsGalleryPage'),
  'ui.cards': () => import('@/features/gallery/CardsGalleryPage'),
  'ui.forms': () => import('@/features/gallery/FormsGalleryPage'),
  'ui.slideout': () => import('@/features/gallery/SlideOutGalleryPage'),
  'ui.tabs': () => import('@/features/gallery/TabsGalleryPage'),
  '404': () => import('@/features/errors/NotFoundPage'),
  '401': () => import('@/features/errors/UnauthorizedPage'),
  'settings.profile': () => import('@/features/settings/ProfilePage'),
  'settings.password': () => import('@/features/settings/PasswordPage'),
  'settings.notifications': () => import('@/features/settings/NotificationPreferencesPage'),
  'settings.2fa': () => import('@/features/settings/two-factor/TwoFactorPage'),
  'settings.users': () => import('@/features/users/UsersPage'),
  'settings.roles': () => import('@/features/settings/roles/RolesPage'),
  'settings.roles.permissions': () => import('@/features/settings/roles/RolePermissionsPage'),
  'settings.permissions': () => import('@/features/settings/roles/PermissionsPage'),
  'settings.options': () => import('@/features/settings/OptionsPage'),
  'settings.charity': () => import('@/features/settings/CharityPage'),
  'settings.authorized_official': () => import('@/features/settings/AuthorizedOfficialPage'),
  'settings.theme': () => import('@/features/settings/ThemePage'),
  'settings.delete_account': () => import('@/features/settings/DeleteAccountPage'),
  charities: () => import('@/features/charities/CharitiesPage'),
  'charities.show': () => import('@/features/charities/CharityPage'),
  'charities.edit': () => import('@/features/charities/CharityEditPage'),
  'admin.notifications': () => import('@/features/notifications/SendNotificationPage'),
  feedbacks: () => import('@/features/support/FeedbacksPage'),
  donors: () => import('@/features/donors/DonorsPage'),
  'donors.create': () => import('@/features/donors/DonorCreatePage'),
  'donors.show': () => import('@/features/donors/DonorPage'),
  'donors.edit': () => import('@/features/donors/DonorEditPage'),
  'donors.merge': () => import('@/features/donors/merge/MergePage'),
  'donors.donations.create': () => import('@/features/donations/DonorDonationCreatePage'),
  donations: () => import('@/features/donations/DonationsPage'),
  'donations.create': () => import('@/features/donations/DonationCreatePage'),
  'donations.show': () => import('@/features/donations/DonationPage'),
  'donations.edit': () => import('@/features/donations/DonationEditPage'),
  'donations.quick': () => import('@/features/donations/quick/QuickDonationsPage'),
  'donations.import': () => import('@/features/imports/ImportsPage'),
  'donation-types': () => import('@/features/donations/catalog/DonationTypesPage'),
  locations: () => import('@/features/donations/catalog/LocationsPage'),
  'fund-management': () => import('@/features/funds/FundsPage'),
  'fund-management.fund': () => import('@/features/funds/FundPage'),
  'fund-management.statement': () => import('@/features/funds/StatementPage'),
  'fund-management.expenses': () => import('@/features/expenses/ExpensesPage'),
  'settings.expense_types': () => import('@/features/expenses/ExpenseTypesPage'),
  un_claimed: () => import('@/features/giftaid/NewClaimPage'),
  claimed: () => import('@/features/giftaid/ClaimedPage'),
  passed: () => import('@/features/giftaid/PastClaimsPage'),
  'passed.show': () => import('@/features/giftaid/ClaimPage'),
  giftaid_settings: () => import('@/features/giftaid/SettingsPage'),
  'legal.terms': () => import('@/features/legal/TermsPage'),
  'legal.privacy': () => import('@/features/legal/PrivacyPage'),
  'legal.cookies': () => import('@/features/legal/CookiesPage'),
};

export function pageFor(name: string): Importer {
  return PAGES[name] ?? comingSoon;
}
