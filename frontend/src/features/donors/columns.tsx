import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import type { Donor } from './api';

export function donorColumns(t: TFunction, locale: string): ColumnDef<Donor, unknown>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: t('donors.fields.name'),
      enableSorting: true,
      cell: ({ row }) => (
        <Link to={pathFor('donors.show', { id: row.original.id })}>{row.original.name}</Link>
      ),
    },
    { id: 'email', accessorKey: 'email', header: t('donors.fields.email'), enableSorting: false },
    {
      id: 'postcode',
      accessorKey: 'postcode',
      header: t('donors.fields.postcode'),
      enableSorting: false,
    },
    {
      id: 'total_given',
      accessorFn: (row) => row.totals.all_time,
      header: t('donors.fields.total_given'),
      enableSorting: true,
      cell: ({ row }) => (
        <span className="money">{formatMoney(row.original.totals.all_time, locale)}</span>
      ),
    },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: t('donors.fields.created_at'),
      enableSorting: true,
      cell: ({ row }) => formatDate(row.original.created_at, locale),
    },
  ];
}
