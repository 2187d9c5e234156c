import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { routeTitleKey } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { duplicateIds, useCharitiesOverview } from './api';

interface Charity {
  id: string;
  name: string;
  registration_number: string | null;
  phone: string | null;
  country: string | null;
  users_count: number;
  created_at: string;
}

/** Platform administrators: every charity on Almoner. */
export default function CharitiesPage() {
  const { t, i18n } = useTranslation();
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
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('charities.fields.created_at'),
        cell: ({ row }) => formatDate(row.original.created_at, i18n.language),
      },
    ],
    [t, i18n.language, duplicates],
  );
  return (
    <section>
      <PageHeader title={t(routeTitleKey('charities'))} />
      <DataTable<Charity>
        table="charities"
        endpoint="/charities"
        columns={columns}
        exportable={false}
        rowActions={() => []}
      />
    </section>
  );
}
