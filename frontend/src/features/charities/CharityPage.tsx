import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Badge } from '@/components/Badge';
import { ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { pathFor, routeTitleKey } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { charitiesApi, charityKeys, duplicateIds, useCharitiesOverview } from './api';

/** Platform administrators: one charity, its status and the way to edit or disable it. */
export default function CharityPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { data: charity } = useQuery({
    queryKey: charityKeys.one(id),
    queryFn: () => charitiesApi.get(id),
    staleTime: 0,
  });
  // The second call of the screen: whether it looks registered twice (as on the list).
  const { data: overview } = useCharitiesOverview();
  if (!charity) return <Spinner />;
  const twin = overview?.duplicates.find((group) => group.charities.some((c) => c.id === id));
  const rows: [string, React.ReactNode][] = [
    [
      t('charities.fields.status'),
      <Badge key="status" colour={charity.disabled ? 'red' : 'green'}>
        {t(charity.disabled ? 'charities.status.disabled' : 'charities.status.active')}
      </Badge>,
    ],
    [t('charities.fields.registration_number'), charity.registration_number || t('common.none')],
    [t('charities.fields.phone'), charity.phone || t('common.none')],
    [t('charities.fields.country'), charity.country || t('common.none')],
    [t('charities.fields.users_count'), String(charity.users_count)],
    [t('charities.fields.created_at'), formatDate(charity.created_at, i18n.language)],
  ];
  return (
    <section>
      <PageHeader
        title={charity.name}
        actions={
          <ButtonLink variant="primary" to={pathFor('charities.edit', { id })}>
            {t(routeTitleKey('charities.edit'))}
          </ButtonLink>
        }
      />
      {charity.disabled && (
        <p className="notice" role="status">
          {t('charities.disabled_notice')}
        </p>
      )}
      {twin && duplicateIds(overview).has(id) && (
        <p className="notice" role="status" data-testid="charity-duplicate">
          {t('charities.duplicate_of', {
            names: twin.charities
              .filter((other) => other.id !== id)
              .map((other) => other.name)
              .join(', '),
          })}
        </p>
      )}
      <Card as="div" testId="charity-details" title={t(routeTitleKey('charities.show'))}>
        <dl className="details">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </section>
  );
}
