import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Badge } from '@/components/Badge';
import { formatDate } from '@/lib/format';
import type { ManagedUser } from './api';

export function userColumns(t: TFunction, locale: string): ColumnDef<ManagedUser, unknown>[] {
  return [
    { id: 'name', accessorKey: 'name', header: t('users.fields.name'), enableSorting: true },
    { id: 'email', accessorKey: 'email', header: t('users.fields.email'), enableSorting: true },
    { id: 'role', accessorKey: 'role', header: t('users.fields.role'), enableSorting: false },
    {
      id: 'disabled',
      accessorKey: 'disabled',
      header: t('users.fields.status'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.disabled ? (
          <Badge colour="red">{t('users.status.disabled')}</Badge>
        ) : (
          <Badge colour="green">{t('users.status.active')}</Badge>
        ),
    },
    {
      id: 'two_factor_enabled',
      accessorKey: 'two_factor_enabled',
      header: t('users.fields.two_factor'),
      enableSorting: false,
      cell: ({ row }) => (row.original.two_factor_enabled ? t('common.yes') : t('common.no')),
    },
    {
      id: 'last_login_at',
      accessorKey: 'last_login_at',
      header: t('users.fields.last_login_at'),
      enableSorting: false,
      cell: ({ row }) => formatDate(row.original.last_login_at, locale) || t('users.never'),
    },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: t('users.fields.created_at'),
      enableSorting: true,
      cell: ({ row }) => formatDate(row.original.created_at, locale),
    },
  ];
}
