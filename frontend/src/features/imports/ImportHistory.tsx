import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { DataTable } from '@/components/data-table';
import { pathFor } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { importsApi, type Import } from './api';
import { IMPORT_PARAM } from './constants';
import { STATUS_COLOURS } from './status';

/** The link that opens one import on this screen. */
export function importLink(id: string): string {
  return `${pathFor('donations.import')}?${new URLSearchParams({ [IMPORT_PARAM]: id })}`;
}

/** Every import of the charity, newest first, with its status and counts. */
export function ImportHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns = useMemo<ColumnDef<Import, unknown>[]>(() => {
    const count = (
      key: keyof NonNullable<Import['counts']>,
      header: string,
    ): ColumnDef<Import, unknown> => ({
      id: key,
      header,
      enableSorting: false,
      cell: ({ row }) => {
        const value = row.original.counts?.[key];
        return value === undefined ? <span className="muted">{t('common.none')}</span> : value;
      },
    });
    return [
      {
        id: 'created_at',
        header: t('imports.history.created_at'),
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="nowrap" to={importLink(row.original.id)}>
            {formatDate(row.original.created_at, locale)}
          </Link>
        ),
      },
      {
        id: 'filename',
        header: t('imports.history.file'),
        enableSorting: false,
        cell: ({ row }) => row.original.filename,
      },
      {
        id: 'status',
        header: t('imports.history.status'),
        enableSorting: false,
        cell: ({ row }) => (
          <Badge colour={STATUS_COLOURS[row.original.status] ?? 'gray'}>
            {t(`imports.statuses.${row.original.status}`, { defaultValue: row.original.status })}
          </Badge>
        ),
      },
      count('rows', t('imports.history.rows')),
      count('donations_new', t('imports.history.donations')),
      count('donors_new', t('imports.history.donors')),
      count('review', t('imports.history.review')),
      count('errors', t('imports.history.errors')),
    ];
  }, [t, locale]);
  return (
    <section data-testid="import-history">
      <h2>{t('imports.history.title')}</h2>
      <DataTable<Import>
        table="imports"
        endpoint={importsApi.endpoint}
        searchPlaceholder={t('table.search_imports')}
        columns={columns}
        exportable={false}
        defaults={{ sortBy: 'created_at', sortDesc: true }}
        rowActions={(item) => [
          { key: 'open', label: t('imports.history.open'), onClick: () => onOpen(item.id) },
        ]}
      />
    </section>
  );
}
