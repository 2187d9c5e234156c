import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ButtonLink } from '@/components/Button';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/LazyConfirmDialog';
import { DataTable, type FilterDef, type TableMeta } from '@/components/data-table';
import { filtersParam } from '@/components/data-table/filters';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { GIFT_AID_STATES } from '@/features/giftaid/api';
import { formatMoney } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy-component';
import {
  DONATION_STATUSES,
  donationKeys,
  donationsApi,
  PAYMENT_METHODS,
  type BulkDeleteResult,
  type Donation,
} from './api';
import { donationColumns } from './columns';
import { useCatalogs } from './useCatalogs';

/** The donor filter's look-up: in the filter panel, closed when the page opens (ADR 0023). */
const DonorLookup = lazyComponent(() =>
  import('@/features/donors/DonorLookup').then((module) => module.DonorLookup),
);

/** Count and sum of the filtered and searched set, from the totals endpoint (counters when
 * neither). */
function FilteredTotals({ meta }: { meta: TableMeta }) {
  const { t, i18n } = useTranslation();
  const filters = filtersParam(meta.filters);
  const { data } = useQuery({
    queryKey: donationKeys.totals(filters, meta.search),
    queryFn: () => donationsApi.totals(filters, meta.search),
    staleTime: 0,
  });
  if (!data) return null;
  return (
    <p className="notice" role="status" data-testid="donation-totals">
      {t('donations.totals', {
        count: data.count,
        sum: formatMoney(data.sum, i18n.language),
      })}
      {!data.complete && ` ${t('donations.totals_partial')}`}
    </p>
  );
}

export default function DonationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const catalogs = useCatalogs();
  const donorNames = useRef(new Map<string, string>());
  const [deleting, setDeleting] = useState<Donation | null>(null);
  const [bulk, setBulk] = useState<{ ids: string[]; clear: () => void } | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [failures, setFailures] = useState<BulkDeleteResult[]>([]);
  const columns = useMemo(
    () => donationColumns(t, i18n.language, catalogs),
    [t, i18n.language, catalogs],
  );
  const filters: FilterDef[] = [
    { key: 'date_from', label: t('donations.filters.date_from'), type: 'text', inputType: 'date' },
    { key: 'date_to', label: t('donations.filters.date_to'), type: 'text', inputType: 'date' },
    {
      key: 'amount_min',
      label: t('donations.filters.amount_min'),
      type: 'text',
      inputType: 'number',
    },
    {
      key: 'amount_max',
      label: t('donations.filters.amount_max'),
      type: 'text',
      inputType: 'number',
    },
    {
      key: 'type_id',
      label: t('donations.fields.type'),
      type: 'select',
      options: catalogs.types.map((item) => ({ value: item.id, label: item.name })),
    },
    {
      key: 'payment_method',
      label: t('donations.fields.payment_method'),
      type: 'select',
      options: PAYMENT_METHODS.map((value) => ({ value, label: t(`donations.methods.${value}`) })),
    },
    {
      key: 'location_id',
      label: t('donations.fields.location'),
      type: 'select',
      options: catalogs.locations.map((item) => ({ value: item.id, label: item.name })),
    },
    {
      key: 'status',
      label: t('donations.fields.status'),
      type: 'select',
      options: DONATION_STATUSES.map((value) => ({
        value,
        label: t(`donations.statuses.${value}`),
      })),
    },
    {
      key: 'gift_aid_state',
      label: t('giftaid.fields.state'),
      type: 'select',
      options: GIFT_AID_STATES.map((value) => ({ value, label: t(`giftaid.states.${value}`) })),
    },
    {
      key: 'donor_id',
      label: t('donations.fields.donor'),
      type: 'text',
      render: (value, onChange) => (
        <Suspense fallback={null}>
          <DonorLookup
            hideLabel
            label={t('donations.fields.donor')}
            value={value ? { id: value, name: donorNames.current.get(value) ?? value } : null}
            onChange={(choice) => {
              if (choice) donorNames.current.set(choice.id, choice.name);
              onChange(choice?.id ?? '');
            }}
          />
        </Suspense>
      ),
      describe: (value) => donorNames.current.get(value) ?? value,
    },
  ];

  const remove = async (donation: Donation) => {
    try {
      const result = await donationsApi.remove(donation.id);
      showToast({ type: 'success', title: t('common.success'), message: result.message });
      void client.invalidateQueries({ queryKey: ['table'] });
      void client.invalidateQueries({ queryKey: donationKeys.all });
    } finally {
      setDeleting(null);
    }
  };

  const removeSelected = async ({ ids, clear }: { ids: string[]; clear: () => void }) => {
    setBulkBusy(true);
    try {
      const result = await donationsApi.removeMany(ids);
      showToast({
        type: result.deleted === ids.length ? 'success' : 'info',
        title: t('donations.bulk.done_title'),
        message:
          result.count === undefined
            ? result.message
            : t('donations.bulk.deleted', { deleted: result.deleted, count: result.count }),
      });
      setFailures(result.results.filter((row) => !row.deleted));
      clear();
      void client.invalidateQueries({ queryKey: ['table'] });
      void client.invalidateQueries({ queryKey: donationKeys.all });
    } finally {
      setBulkBusy(false);
      setBulk(null);
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('donations'))}
        actions={
          <>
            <ButtonLink variant="primary" to={pathFor('donations.create')}>
              {t('donations.add.button')}
            </ButtonLink>
            <ButtonLink to={pathFor('donations.quick')}>
              {t(routeTitleKey('donations.quick'))}
            </ButtonLink>
          </>
        }
      />
      <DataTable<Donation>
        table="donations"
        endpoint={donationsApi.endpoint}
        searchPlaceholder={t('table.search_donations')}
        columns={columns}
        filters={filters}
        defaults={{ sortBy: 'date' }}
        summary={(meta) => <FilteredTotals meta={meta} />}
        onEdit={(donation) => navigate(pathFor('donations.edit', { id: donation.id }))}
        onDelete={setDeleting}
        exportSelected
        bulkActions={[
          {
            key: 'delete',
            label: t('table.delete_selected'),
            danger: true,
            onClick: (ids, clear) => setBulk({ ids, clear }),
          },
        ]}
      />
      {bulk && (
        <ConfirmDialog
          title={t('donations.bulk.confirm_title', { count: bulk.ids.length })}
          confirmLabel={t('donations.bulk.confirm', { count: bulk.ids.length })}
          danger
          busy={bulkBusy}
          onConfirm={() => void removeSelected(bulk)}
          onCancel={() => setBulk(null)}
        >
          <p>{t('donations.bulk.confirm_body', { count: bulk.ids.length })}</p>
        </ConfirmDialog>
      )}
      {failures.length > 0 && (
        <div className="form-error" role="alert" data-testid="bulk-failures">
          <p>{t('donations.bulk.not_deleted', { count: failures.length })}</p>
          <ul>
            {failures.map((failure) => (
              <li key={failure.id}>
                <Link to={pathFor('donations.show', { id: failure.id })}>{failure.id}</Link>
                {': '}
                {failure.message}
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => setFailures([])}>
            {t('common.close')}
          </button>
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('donations.confirm_delete_title')}
          confirmLabel={t('table.delete')}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            {t('donations.confirm_delete', {
              amount: formatMoney(deleting.amount, i18n.language),
              donor: deleting.donor_name ?? t('donations.anonymous'),
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
