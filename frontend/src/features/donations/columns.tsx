import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Badge, type BadgeColour } from '@/components/Badge';
import { pathFor } from '@/config/paths';
import { GiftAidStateBadge } from '@/features/giftaid/GiftAidBadge';
import { reasonText } from '@/features/giftaid/state';
import { formatDate, formatMoney } from '@/lib/format';
import type { Donation, DonationStatus } from './api';

/** `pending`: an online payment still clearing, set only by the gateway's webhook (ADR 0022). */
export const DONATION_STATUS_COLOURS: Record<DonationStatus, BadgeColour> = {
  received: 'green',
  refunded: 'amber',
  cancelled: 'gray',
  pending: 'blue',
};

export function donationColumns(
  t: TFunction,
  locale: string,
  names: { typeName: (id: string | null) => string; locationName: (id: string | null) => string },
  { withDonor = true }: { withDonor?: boolean } = {},
): ColumnDef<Donation, unknown>[] {
  const columns: ColumnDef<Donation, unknown>[] = [
    {
      id: 'date',
      accessorKey: 'date',
      header: t('donations.fields.date'),
      enableSorting: true,
      cell: ({ row }) => (
        <Link className="nowrap" to={pathFor('donations.show', { id: row.original.id })}>
          {formatDate(row.original.date, locale)}
        </Link>
      ),
    },
    {
      id: 'amount',
      accessorKey: 'amount',
      header: t('donations.fields.amount'),
      enableSorting: true,
      cell: ({ row }) => <span className="money">{formatMoney(row.original.amount, locale)}</span>,
    },
  ];
  if (withDonor) {
    columns.push({
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
    });
  }
  columns.push(
    {
      id: 'type_id',
      accessorKey: 'type_id',
      header: t('donations.fields.type'),
      enableSorting: false,
      cell: ({ row }) => names.typeName(row.original.type_id),
    },
    {
      id: 'payment_method',
      accessorKey: 'payment_method',
      header: t('donations.fields.payment_method'),
      enableSorting: false,
      cell: ({ row }) => t(`donations.methods.${row.original.payment_method}`),
    },
    {
      id: 'location_id',
      accessorKey: 'location_id',
      header: t('donations.fields.location'),
      enableSorting: false,
      cell: ({ row }) => names.locationName(row.original.location_id),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('donations.fields.status'),
      enableSorting: false,
      cell: ({ row }) => (
        <Badge colour={DONATION_STATUS_COLOURS[row.original.status]}>
          {t(`donations.statuses.${row.original.status}`)}
        </Badge>
      ),
    },
    {
      id: 'gift_aid_state',
      header: t('giftaid.fields.state'),
      // The donations export (functions/donations/exporters.py) has no Gift Aid column yet.
      meta: { exportable: false },
      enableSorting: false,
      cell: ({ row }) => {
        const info = row.original.gift_aid;
        if (!info) return null;
        return (
          <span title={reasonText(t, info) || undefined}>
            <GiftAidStateBadge state={info.state} />
          </span>
        );
      },
    },
  );
  return columns;
}
