import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/Button';
import { Badge } from '@/components/Badge';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { pathFor, routeTitleKey } from '@/config/paths';
import { DonationFunds } from '@/features/funds/DonationFunds';
import { DonationGiftAid } from '@/features/giftaid/DonationGiftAid';
import { formatDate, formatMoney } from '@/lib/format';
import { donationKeys, donationsApi } from './api';
import { DONATION_STATUS_COLOURS } from './columns';
import { useCatalogs } from './useCatalogs';

export default function DonationPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { id = '' } = useParams();
  const { typeName, locationName } = useCatalogs();
  const { data: donation } = useQuery({
    queryKey: donationKeys.one(id),
    queryFn: () => donationsApi.show(id),
    staleTime: 0,
  });
  if (!donation) return <Spinner />;
  const none = t('common.none');
  const rows: [string, React.ReactNode][] = [
    [t('donations.fields.amount'), formatMoney(donation.amount, locale)],
    [t('donations.fields.date'), formatDate(donation.date, locale)],
    [
      t('donations.fields.donor'),
      donation.donor_id ? (
        <Link to={pathFor('donors.show', { id: donation.donor_id })}>{donation.donor_name}</Link>
      ) : (
        t('donations.anonymous')
      ),
    ],
    [t('donations.fields.type'), typeName(donation.type_id) || none],
    [t('donations.fields.payment_method'), t(`donations.methods.${donation.payment_method}`)],
    [t('donations.fields.location'), locationName(donation.location_id) || none],
    [t('donations.fields.source'), donation.source || none],
    [t('donations.fields.external_ref'), donation.external_ref || none],
    [
      t('donations.fields.benefit_value'),
      donation.benefit_value ? formatMoney(donation.benefit_value, locale) : none,
    ],
    [t('donations.fields.sponsored'), donation.sponsored ? t('common.yes') : t('common.no')],
    [t('donations.fields.gasds'), donation.gasds ? t('common.yes') : t('common.no')],
    [
      t('donations.fields.status'),
      <Badge key="status" colour={DONATION_STATUS_COLOURS[donation.status]}>
        {t(`donations.statuses.${donation.status}`)}
        {donation.refunded_at ? ` · ${formatDate(donation.refunded_at, locale)}` : ''}
      </Badge>,
    ],
    [t('donations.fields.notes'), donation.notes || none],
    [t('donations.fields.created_at'), formatDate(donation.created_at, locale)],
  ];
  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('donations.show'))}
        actions={
          <ButtonLink variant="primary" to={pathFor('donations.edit', { id })}>
            {t('table.edit')}
          </ButtonLink>
        }
      />
      <Card as="div" testId="donation-details">
        <dl className="details">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <DonationFunds donation={donation} />
      <DonationGiftAid donation={donation} />
    </section>
  );
}
