import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Badge, type BadgeColour } from '@/components/Badge';
import { formatDate } from '@/lib/format';
import type { Feedback, FeedbackStatus } from './api';

export const STATUS_COLOURS: Record<FeedbackStatus, BadgeColour> = {
  open: 'blue',
  in_progress: 'amber',
  resolved: 'green',
  closed: 'gray',
};

export function StatusBadge({ status, t }: { status: FeedbackStatus; t: TFunction }) {
  return <Badge colour={STATUS_COLOURS[status]}>{t(`feedbacks.status.${status}`)}</Badge>;
}

export function feedbackColumns(
  t: TFunction,
  locale: string,
  onOpen: (row: Feedback) => void,
): ColumnDef<Feedback, unknown>[] {
  return [
    {
      id: 'title',
      accessorKey: 'title',
      header: t('feedbacks.fields.title'),
      enableSorting: false,
      cell: ({ row }) => (
        <button type="button" className="link-button" onClick={() => onOpen(row.original)}>
          {row.original.title}
        </button>
      ),
    },
    {
      id: 'type',
      accessorKey: 'type',
      header: t('feedbacks.fields.type'),
      enableSorting: false,
      cell: ({ row }) => t(`support.types.${row.original.type}`),
    },
    {
      id: 'charity',
      accessorFn: (row) => row.charity.name,
      header: t('feedbacks.fields.charity'),
      enableSorting: false,
    },
    {
      id: 'user',
      accessorFn: (row) => row.user.name,
      header: t('feedbacks.fields.user'),
      enableSorting: false,
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('feedbacks.fields.status'),
      enableSorting: false,
      cell: ({ row }) => <StatusBadge status={row.original.status} t={t} />,
    },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: t('feedbacks.fields.created_at'),
      enableSorting: false,
      cell: ({ row }) => formatDate(row.original.created_at, locale),
    },
  ];
}
