import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type FilterDef } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { StatTiles } from '@/components/StatTiles';
import { routeTitleKey } from '@/config/paths';
import { ModeBadge } from '@/features/gateways/ModeBadge';
import { PROVIDERS } from '@/features/gateways/api';
import { formatDate, formatMoney } from '@/lib/format';
import {
  INTERVALS,
  SUBSCRIPTION_STATUSES,
  subscriptionKeys,
  subscriptionsApi,
  type Subscription,
} from './api';
import { NeedsAttention } from './NeedsAttention';
import { SettingsCard } from './SettingsCard';
import { SubscriptionPanel } from './SubscriptionPanel';
import { AmountPerInterval, donorLabel, StatusBadge } from './parts';

export const TABLE = 'subscriptions';

function subscriptionColumns(
  t: TFunction,
  locale: string,
  open: (row: Subscription) => void,
): ColumnDef<Subscription, unknown>[] {
  return [
    {
      id: 'donor',
      header: t('subscriptions.fields.donor'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <button type="button" className="link-button" onClick={() => open(row.original)}>
            {donorLabel(row.original, t)}
          </button>
          {row.original.donor_name && row.original.donor_email && (
            <div className="muted break-anywhere">{row.original.donor_email}</div>
          )}
        </>
      ),
    },
    {
      id: 'amount',
      header: t('subscriptions.fields.amount'),
      enableSorting: false,
      cell: ({ row }) => <AmountPerInterval subscription={row.original} />,
    },
    {
      id: 'method',
      header: t('subscriptions.fields.method'),
      enableSorting: false,
      cell: ({ row }) => t(`subscriptions.method.${row.original.method}`),
    },
    {
      id: 'status',
      header: t('subscriptions.fields.status'),
      enableSorting: false,
      cell: ({ row }) => <StatusBadge status={row.original.status} />,
    },
    {
      id: 'next_charge_date',
      header: t('subscriptions.fields.next_charge_date'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.next_charge_date ? formatDate(row.original.next_charge_date, locale) : '',
    },
    {
      id: 'started_on',
      header: t('subscriptions.fields.started_on'),
      enableSorting: false,
      cell: ({ row }) => formatDate(row.original.started_on, locale),
    },
    {
      id: 'failure_count',
      header: t('subscriptions.fields.failure_count'),
      enableSorting: false,
      cell: ({ row }) => row.original.failure_count,
    },
    {
      id: 'provider',
      header: t('subscriptions.fields.provider'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {t(`gateways.providers.${row.original.provider}`)}{' '}
          {row.original.mode === 'test' && <ModeBadge mode="test" />}
        </>
      ),
    },
  ];
}

function SummaryTiles() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: subscriptionKeys.summary,
    queryFn: subscriptionsApi.summary,
  });
  const value = (figure: number | string | undefined, money = false) =>
    figure === undefined ? '…' : money ? formatMoney(figure) : figure;
  return (
    <StatTiles
      label={t('subscriptions.summary.label')}
      tiles={[
        {
          key: 'active_donors',
          label: t('subscriptions.summary.active_donors'),
          value: value(data?.active_donors),
        },
        {
          key: 'monthly_recurring_income',
          label: t('subscriptions.summary.monthly_recurring_income'),
          value: value(data?.monthly_recurring_income, true),
          hint: t('subscriptions.summary.monthly_recurring_income_hint'),
        },
        {
          key: 'new_this_month',
          label: t('subscriptions.summary.new_this_month'),
          value: value(data?.new_this_month),
        },
        {
          key: 'cancelled_this_month',
          label: t('subscriptions.summary.cancelled_this_month'),
          value: value(data?.cancelled_this_month),
        },
        { key: 'failing', label: t('subscriptions.summary.failing'), value: value(data?.failing) },
        {
          key: 'recovered_this_month',
          label: t('subscriptions.summary.recovered_this_month'),
          value: value(data?.recovered_this_month),
        },
        {
          key: 'recovered_income_this_month',
          label: t('subscriptions.summary.recovered_income_this_month'),
          value: value(data?.recovered_income_this_month, true),
        },
        {
          key: 'needs_attention',
          label: t('subscriptions.summary.needs_attention'),
          value: value(data?.needs_attention),
        },
      ]}
    />
  );
}

/** /subscriptions: the recurring gifts with this month's figures and what the reconciliation found
 * needs attention; a row opens the gift with its history, its instalments, the staff actions (each
 * confirmed by the gateway first) and the donor's self-service link; the failure-email setting. */
export default function SubscriptionsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const opened = params.get('subscription');
  const open = (row: Subscription) => setParams({ subscription: row.id });
  const close = () => setParams({});
  const columns = useMemo(() => subscriptionColumns(t, i18n.language, open), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const filters: FilterDef[] = [
    {
      key: 'status',
      label: t('subscriptions.fields.status'),
      type: 'select',
      options: SUBSCRIPTION_STATUSES.map((value) => ({
        value,
        label: t(`subscriptions.status.${value}`),
      })),
    },
    {
      key: 'provider',
      label: t('subscriptions.fields.provider'),
      type: 'select',
      options: PROVIDERS.map((value) => ({ value, label: t(`gateways.providers.${value}`) })),
    },
    {
      key: 'interval',
      label: t('subscriptions.fields.interval'),
      type: 'select',
      options: INTERVALS.map((value) => ({ value, label: t(`subscriptions.interval.${value}`) })),
    },
  ];

  /** After an action the gateway confirmed: the row and the month's figures change with it. */
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['table', TABLE] });
    void client.invalidateQueries({ queryKey: subscriptionKeys.summary });
  };

  return (
    <section>
      <PageHeader title={t(routeTitleKey('subscriptions'))} />
      <SummaryTiles />
      <NeedsAttention onOpen={(id) => setParams({ subscription: id })} onChanged={refresh} />
      <DataTable<Subscription>
        table={TABLE}
        endpoint={subscriptionsApi.endpoint}
        columns={columns}
        filters={filters}
        defaults={{ sortBy: 'created_at', sortDesc: true }}
        exportable={false}
        searchPlaceholder={t('subscriptions.search')}
        rowActions={(row) => [{ key: 'view', label: t('common.view'), onClick: () => open(row) }]}
      />
      <SettingsCard />
      {opened && <SubscriptionPanel id={opened} onClose={close} onChanged={refresh} />}
    </section>
  );
}
