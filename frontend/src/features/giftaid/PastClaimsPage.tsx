import type { ColumnDef } from '@tanstack/react-table';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/Badge';
import { Card } from '@/components/Card';
import { DataTable, type FilterDef } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { TruncatedText } from '@/components/TruncatedText';
import { pathFor, routeTitleKey } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { CLAIM_STATES, giftAidApi, giftAidKeys, type Claim } from './api';

/** The Past Claims filter: each state, and "Paid" (accepted claims marked paid) after "Accepted". */
const CLAIM_FILTERS = CLAIM_STATES.flatMap((state) =>
  state === 'accepted' ? [state, 'paid' as const] : [state],
);
import { ClaimStateBadge } from './GiftAidBadge';

export default function PastClaimsPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const { data: years } = useQuery({
    queryKey: giftAidKeys.taxYears,
    queryFn: giftAidApi.taxYears,
  });
  const columns = useMemo<ColumnDef<Claim, unknown>[]>(
    () => [
      {
        id: 'created_at',
        header: t('giftaid.claims.created_at'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link to={pathFor('passed.show', { report_id: row.original.id })}>
            {formatDate(row.original.created_at, locale)}
          </Link>
        ),
      },
      {
        id: 'state',
        header: t('giftaid.fields.claim_state'),
        enableSorting: false,
        cell: ({ row }) => (
          <>
            <ClaimStateBadge state={row.original.state} />
            {row.original.paid && (
              <>
                {' '}
                <Badge colour="teal">{t('giftaid.claim_states.paid')}</Badge>
              </>
            )}
          </>
        ),
      },
      {
        id: 'donations',
        header: t('giftaid.claim.donations'),
        enableSorting: false,
        cell: ({ row }) => row.original.counts.donations,
      },
      {
        id: 'donation_total',
        header: t('giftaid.new_claim.donation_total'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="money">{formatMoney(row.original.donation_total, locale)}</span>
        ),
      },
      {
        id: 'tax_claimed',
        header: t('giftaid.claim.tax_claimed'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="money">{formatMoney(row.original.tax_claimed, locale)}</span>
        ),
      },
      {
        id: 'receipt',
        header: t('giftaid.claims.receipt'),
        enableSorting: false,
        cell: ({ row }) => <TruncatedText text={row.original.receipt ?? ''} />,
      },
    ],
    [t, locale],
  );
  const filters: FilterDef[] = [
    {
      key: 'state',
      label: t('giftaid.fields.claim_state'),
      type: 'select',
      options: CLAIM_FILTERS.map((value) => ({ value, label: t(`giftaid.claim_states.${value}`) })),
    },
  ];
  return (
    <section>
      <PageHeader title={t(routeTitleKey('passed'))} />
      {years && years.data.length > 0 && (
        <Card as="div" className="data-table" testId="tax-year-totals">
          <h2>{t('giftaid.claims.per_tax_year')}</h2>
          <table>
            <thead>
              <tr>
                <th>{t('giftaid.claims.tax_year')}</th>
                <th>{t('giftaid.claims.claims')}</th>
                <th>{t('giftaid.claim.donations')}</th>
                <th>{t('giftaid.new_claim.donation_total')}</th>
                <th>{t('giftaid.claim.tax_claimed')}</th>
              </tr>
            </thead>
            <tbody>
              {years.data.map((year) => (
                <tr key={year.tax_year}>
                  <td>{year.tax_year}</td>
                  <td>{year.claims}</td>
                  <td>{year.donations}</td>
                  <td className="money">{formatMoney(year.donation_total, locale)}</td>
                  <td className="money">{formatMoney(year.tax_claimed, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <DataTable<Claim>
        table="gift_aid_claims"
        endpoint={giftAidApi.claimsEndpoint}
        searchPlaceholder={t('table.search_claims')}
        columns={columns}
        filters={filters}
        exportable={false}
        defaults={{ sortBy: 'created_at' }}
        rowActions={(claim) => [
          {
            key: 'view',
            label: t('common.view'),
            onClick: () => navigate(pathFor('passed.show', { report_id: claim.id })),
          },
        ]}
      />
    </section>
  );
}
