import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { can } from '@/lib/permissions';

export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <section>
      <PageHeader title={t(routeTitleKey('home'))} />
      <div className="card">
        <h2>{t('dashboard.welcome', { name: user?.name ?? '' })}</h2>
        {user?.tenant && <p>{t('dashboard.charity', { charity: user.tenant.name })}</p>}
        {user && !user.email_verified_at && (
          <p className="notice" role="status">
            {t('dashboard.verify_email')}{' '}
            <Link to={pathFor('verification.resend')}>{t('auth.verify_email.resend')}</Link>
          </p>
        )}
      </div>
      {can(user, 'view-dashboard') ? (
        <EmptyState title={t('dashboard.stats_title')}>
          <p>{t('dashboard.stats_empty')}</p>
        </EmptyState>
      ) : (
        <EmptyState title={t('dashboard.no_access')} />
      )}
    </section>
  );
}
