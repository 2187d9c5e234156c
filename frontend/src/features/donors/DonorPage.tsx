import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { StatTiles } from '@/components/StatTiles';
import { pathFor, routeTitleKey } from '@/config/paths';
import { donationColumns } from '@/features/donations/columns';
import { useCatalogs } from '@/features/donations/useCatalogs';
import { DeclarationsPanel } from '@/features/declarations/DeclarationsPanel';
import type { Donation } from '@/features/donations/api';
import { useUser } from '@/lib/auth-store';
import { formatDate, formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { CONSENT_CHANNELS, donorKeys, donorsApi, type Donor } from './api';
import { countryName } from './countries';

function addressLines(donor: Donor, locale: string): string {
  return [
    [donor.house, donor.address_line1].filter(Boolean).join(' '),
    donor.address_line2,
    donor.town,
    donor.county,
    donor.postcode,
    countryName(donor.country, locale),
  ]
    .filter(Boolean)
    .join('\n');
}

export default function DonorPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { id = '' } = useParams();
  const user = useUser();
  const catalogs = useCatalogs();
  const { data: donor } = useQuery({
    queryKey: donorKeys.one(id),
    queryFn: () => donorsApi.show(id),
    staleTime: 0,
  });
  const columns = useMemo(
    () => donationColumns(t, locale, catalogs, { withDonor: false }),
    [t, locale, catalogs],
  );
  if (!donor) return <Spinner />;
  const warnings = Object.entries(donor.warnings ?? {});

  return (
    <section>
      <PageHeader
        title={donor.name}
        actions={
          <>
            <ButtonLink to={pathFor('donors.edit', { id })}>{t('table.edit')}</ButtonLink>
            {can(user, ['manage-donations']) && (
              <ButtonLink variant="primary" to={pathFor('donors.donations.create', { id })}>
                {t(routeTitleKey('donors.donations.create'))}
              </ButtonLink>
            )}
          </>
        }
      />
      <StatTiles
        label={t('donors.totals.label')}
        tiles={[
          {
            key: 'all_time',
            label: t('donors.totals.all_time'),
            value: formatMoney(donor.totals.all_time, locale),
            hint: t('donors.totals.count', { count: donor.totals.donations_count }),
          },
          {
            key: 'tax_year',
            label: t('donors.totals.tax_year', { year: donor.totals.tax_year_label ?? '' }),
            value: formatMoney(donor.totals.tax_year ?? '0', locale),
          },
        ]}
      />
      {warnings.length > 0 && (
        <div className="warnings" role="status">
          <strong>{t('donors.warnings_title')}</strong>
          <ul>
            {warnings.map(([field, message]) => (
              <li key={field}>
                {t(`donors.fields.${field}`)}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Card as="div" testId="donor-details">
        <h2>{t('donors.sections.details')}</h2>
        <dl className="details">
          <dt>{t('donors.fields.type')}</dt>
          <dd>{t(`donors.types.${donor.type}`)}</dd>
          {donor.company_name && (
            <>
              <dt>{t('donors.fields.company_name')}</dt>
              <dd>{donor.company_name}</dd>
            </>
          )}
          <dt>{t('donors.fields.email')}</dt>
          <dd>{donor.email || t('common.none')}</dd>
          <dt>{t('donors.fields.phone')}</dt>
          <dd>{donor.phone || t('common.none')}</dd>
          <dt>{t('donors.sections.address')}</dt>
          <dd>{addressLines(donor, locale) || t('common.none')}</dd>
          <dt>{t('donors.sections.consents')}</dt>
          <dd>
            {CONSENT_CHANNELS.map((channel) => {
              const consent = donor.consents?.[channel];
              const label = t(`donors.consents.channels.${channel}`);
              return (
                <div key={channel}>
                  {consent?.granted
                    ? t('donors.consents.yes_since', {
                        channel: label,
                        date: formatDate(consent.date, locale) || t('common.none'),
                        source: consent.source || t('common.none'),
                      })
                    : t('donors.consents.no', { channel: label })}
                </div>
              );
            })}
          </dd>
          <dt>{t('donors.fields.tags')}</dt>
          <dd>{donor.tags.length > 0 ? donor.tags.join(', ') : t('common.none')}</dd>
          <dt>{t('donors.fields.notes')}</dt>
          <dd>{donor.notes || t('common.none')}</dd>
          <dt>{t('donors.fields.created_at')}</dt>
          <dd>{formatDate(donor.created_at, locale)}</dd>
        </dl>
      </Card>
      <DeclarationsPanel donorId={id} />
      {/* The history is read with manage-donations (docs/api.md); without it, no call that would 403. */}
      {can(user, ['manage-donations']) && (
        <>
          <h2>{t('donors.sections.donations')}</h2>
          <DataTable<Donation>
            table="donor_donations"
            endpoint={donorsApi.donationsEndpoint(id)}
            columns={columns}
            defaults={{ sortBy: 'date' }}
            exportable={false}
            rowActions={() => []}
          />
        </>
      )}
    </section>
  );
}
