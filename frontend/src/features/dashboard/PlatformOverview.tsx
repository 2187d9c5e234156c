import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { StatTiles } from '@/components/StatTiles';
import { pathFor } from '@/config/paths';
import { type DuplicateGroup, useCharitiesOverview } from '@/features/charities/api';
import { useUser } from '@/lib/auth-store';
import { can } from '@/lib/permissions';

/** Each pair (or more) of charities that look like one charity registered twice. */
function Duplicates({ groups }: { groups: DuplicateGroup[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.platform.duplicates_title')}>
      <div className="warnings" role="status" data-testid="duplicate-charities">
        <p>{t('dashboard.platform.duplicates_body')}</p>
        <ul>
          {groups.map((group) => (
            <li key={`${group.name}#${group.registration_number}`}>
              {t('dashboard.platform.duplicate_group', {
                name: group.name,
                number: group.registration_number,
              })}{' '}
              {group.charities.map((charity, index) => (
                <span key={charity.id}>
                  {index > 0 && ', '}
                  <Link to={pathFor('charities.show', { id: charity.id })}>
                    {charity.name}
                  </Link>{' '}
                  <span className="muted">({charity.id})</span>
                </span>
              ))}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

/** The platform administrator's dashboard: platform figures, not a charity's. */
export function PlatformOverview() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const { data, isPending } = useCharitiesOverview();
  if (isPending || !data) return <Spinner />;
  const number = (value: number) =>
    value.toLocaleString(i18n.language === 'es' ? 'es-ES' : 'en-GB');
  const { tiles } = data;
  return (
    <>
      <StatTiles
        label={t('dashboard.platform.label')}
        tiles={[
          {
            key: 'charities',
            label: t('dashboard.platform.charities'),
            value: number(tiles.charities),
          },
          {
            key: 'active_users',
            label: t('dashboard.platform.active_users'),
            value: number(tiles.active_users),
            hint: t('dashboard.platform.active_users_hint'),
          },
          {
            key: 'claims_this_month',
            label: t('dashboard.platform.claims_this_month'),
            value: number(tiles.claims_this_month),
            hint: t('dashboard.platform.claims_this_month_hint'),
          },
          {
            key: 'open_tickets',
            label: t('dashboard.platform.open_tickets'),
            value: number(tiles.open_tickets),
            hint: can(user, 'manage-feedbacks') ? (
              <Link to={pathFor('feedbacks')}>{t('dashboard.platform.open_tickets_link')}</Link>
            ) : undefined,
          },
        ]}
      />
      {data.duplicates.length > 0 && <Duplicates groups={data.duplicates} />}
    </>
  );
}
