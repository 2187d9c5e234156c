import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { pathFor, routeTitleKey } from '@/config/paths';
import { giftAidApi, type ClaimRow } from './api';
import { claimRowColumns } from './columns';

export default function ClaimedPage() {
  const { t, i18n } = useTranslation();
  const columns = useMemo(() => {
    const base = claimRowColumns(t, i18n.language);
    base.push({
      id: 'claim_id',
      header: t('giftaid.claims.claim'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.claim_id ? (
          <Link to={pathFor('passed.show', { report_id: row.original.claim_id })}>
            {t('common.view')}
          </Link>
        ) : null,
    });
    return base;
  }, [t, i18n.language]);
  return (
    <section>
      <PageHeader title={t(routeTitleKey('claimed'))} />
      <DataTable<ClaimRow>
        table="gift_aid_claimed"
        endpoint={giftAidApi.claimedEndpoint}
        searchPlaceholder={t('table.search_claim_lines')}
        columns={columns}
        exportable={false}
        defaults={{ sortBy: 'date' }}
        rowActions={() => []}
      />
    </section>
  );
}
