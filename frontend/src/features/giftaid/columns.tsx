import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import type { ClaimRow } from './api';

/** Lines of New Claim, a claim and the claimed list: date, donor, amount, Gift Aid. */
export function claimRowColumns(t: TFunction, locale: string): ColumnDef<ClaimRow, unknown>[] {
  return [
    {
      id: 'date',
      accessorKey: 'date',
      header: t('donations.fields.date'),
      enableSorting: false,
      cell: ({ row }) => (
        <Link className="nowrap" to={pathFor('donations.show', { id: row.original.id })}>
          {formatDate(row.original.date, locale)}
        </Link>
      ),
    },
    {
      id: 'donor_name',
      accessorKey: 'donor_name',
      header: t('donations.fields.donor'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.donor_id ? (
          <Link to={pathFor('donors.show', { id: row.original.donor_id })}>
            {row.original.donor_name}
          </Link>
        ) : (
          <span className="muted">{t('donations.anonymous')}</span>
        ),
    },
    {
      id: 'amount',
      accessorKey: 'amount',
      header: t('donations.fields.amount'),
      enableSorting: false,
      cell: ({ row }) => <span className="money">{formatMoney(row.original.amount, locale)}</span>,
    },
    {
      id: 'gift_aid',
      accessorKey: 'gift_aid',
      header: t('giftaid.fields.gift_aid'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.gift_aid ? (
          <span className="money">{formatMoney(row.original.gift_aid, locale)}</span>
        ) : null,
    },
  ];
}
