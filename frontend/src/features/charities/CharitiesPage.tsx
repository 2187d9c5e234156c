import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/Badge';
import { DataTable, type FilterDef } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { pathFor, routeTitleKey } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { charitiesApi, duplicateIds, useCharitiesOverview, type Charity } from './api';

/** Platform administrators: every charity on Almoner. */
export default function CharitiesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The same call as the admin dashboard: which charities look registered twice.
  const { data: overview } = useCharitiesOverview();
  const duplicates = useMemo(() => duplicateIds(overview), [overview]);
  const columns = useMemo<ColumnDef<Charity, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('charities.fields.name'),
        cell: ({ row }) => (
          <>
            {row.original.name}
            {duplicates.has(row.original.id) && (
              <>
                {' '}
                <span title={t('charities.duplicate_hint')}>
                  <Badge colour="amber">{t('charities.duplicate')}</Badge>
                </span>
              </>
            )}
          </>
        ),
      },
      {
        id: 'registration_number',
        accessorKey: 'registration_number',
        header: t('charities.fields.registration_number'),
      },
      { id: 'phone', accessorKey: 'phone', header: t('charities.fields.phone') },
      { id: 'country', accessorKey: 'country', header: t('charities.fields.country') },
      { id: 'users_count', accessorKey: 'users_count', header: t('charities.fields.users_count') },
      {
        id: 'status',
        header: t('charities.fields.status'),
        enableSorting: false,
        meta: { exportable: false },
        cell: ({ row }) => (
          <Badge colour={row.original.disabled ? 'red' : 'green'}>
            {t(row.original.disabled ? 'charities.status.disabled' : 'charities.status.active')}
          </Badge>
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('charities.fields.created_at'),
        cell: ({ row }) => formatDate(row.original.created_at, i18n.language),
      },
    ],
    [t, i18n.language, duplicates],
  );
  const filters: FilterDef[] = [
    {
      key: 'status',
      label: t('charities.fields.status'),
      type: 'select',
      options: (['active', 'disabled'] as const).map((value) => ({
        value,
        label: t(`charities.status.${value}`),
      })),
    },
  ];
  return (
    <section>
      <PageHeader title={t(routeTitleKey('charities'))} />
      <DataTable<Charity>
        table="charities"
        endpoint={charitiesApi.endpoint}
        columns={columns}
        filters={filters}
        exportable={false}
        rowActions={(charity) => [
          {
            key: 'view',
            label: t('common.view'),
            onClick: () => navigate(pathFor('charities.show', { id: charity.id })),
          },
          {
            key: 'edit',
            label: t('table.edit'),
            onClick: () => navigate(pathFor('charities.edit', { id: charity.id })),
          },
        ]}
      />
    </section>
  );
}
