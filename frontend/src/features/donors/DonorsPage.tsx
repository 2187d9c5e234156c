import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/Button';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/LazyConfirmDialog';
import { DataTable, type FilterDef } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ApiError, reportApiError } from '@/lib/api-client';
import { donorKeys, donorsApi, type Donor } from './api';
import { donorColumns } from './columns';

export default function DonorsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<Donor | null>(null);
  const [busy, setBusy] = useState(false);
  const columns = useMemo(() => donorColumns(t, i18n.language), [t, i18n.language]);
  const yesNo = [
    { value: 'true', label: t('common.yes') },
    { value: 'false', label: t('common.no') },
  ];
  const filters: FilterDef[] = [
    {
      key: 'type',
      label: t('donors.fields.type'),
      type: 'select',
      options: (['individual', 'organisation'] as const).map((value) => ({
        value,
        label: t(`donors.types.${value}`),
      })),
    },
    { key: 'postcode', label: t('donors.fields.postcode'), type: 'text' },
    { key: 'tag', label: t('donors.fields.tag'), type: 'text' },
    { key: 'has_email', label: t('donors.filters.has_email'), type: 'select', options: yesNo },
  ];

  const remove = async (donor: Donor) => {
    setBusy(true);
    try {
      const result = await donorsApi.remove(donor.id);
      showToast({ type: 'success', title: t('common.success'), message: result.message });
      void client.invalidateQueries({ queryKey: ['table', 'donors'] });
      void client.invalidateQueries({ queryKey: donorKeys.all });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('donors'))}
        actions={
          <>
            <ButtonLink to={pathFor('donors.merge')}>{t('donors.merge.open')}</ButtonLink>
            <ButtonLink variant="primary" to={pathFor('donors.create')}>
              {t(routeTitleKey('donors.create'))}
            </ButtonLink>
          </>
        }
      />
      <DataTable<Donor>
        table="donors"
        endpoint={donorsApi.endpoint}
        columns={columns}
        filters={filters}
        defaults={{ sortBy: 'created_at' }}
        onEdit={(donor) => navigate(pathFor('donors.edit', { id: donor.id }))}
        onDelete={setDeleting}
      />
      {deleting && (
        <ConfirmDialog
          title={t('donors.confirm_delete_title')}
          confirmLabel={t('table.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('donors.confirm_delete', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
