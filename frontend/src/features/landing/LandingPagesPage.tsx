import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Badge, type BadgeColour } from '@/components/Badge';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, loadMeta, type FilterDef, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { ListResponse } from '@/lib/types';
import {
  PAGE_STATUSES,
  PAGE_TYPES,
  pageKeys,
  pagesApi,
  type PageRow,
  type PageStatus,
} from './api';
import { NewPageDialog } from './NewPageDialog';

export const TABLE = 'landing_pages';

const STATUS_COLOURS: Record<PageStatus, BadgeColour> = {
  draft: 'gray',
  published: 'green',
  unpublished: 'orange',
};

export function PageStatusBadge({ status }: { status: PageStatus }) {
  const { t } = useTranslation();
  return <Badge colour={STATUS_COLOURS[status] ?? 'gray'}>{t(`landing.status.${status}`)}</Badge>;
}

/** "0.42" → "42%"; no donations → a dash. */
export function formatRate(rate: string | null, language: string): string | null {
  if (rate === null) return null;
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(Number(rate));
}

function pageColumns(t: TFunction, language: string): ColumnDef<PageRow, unknown>[] {
  return [
    {
      id: 'title',
      header: t('landing.fields.title'),
      enableSorting: false,
      cell: ({ row }) => (
        <Link to={pathFor('page-builder', { id: row.original.id })}>{row.original.title}</Link>
      ),
    },
    {
      id: 'slug',
      header: t('landing.fields.slug'),
      enableSorting: false,
      cell: ({ row }) => <code className="break-anywhere">{row.original.slug}</code>,
    },
    {
      id: 'type',
      header: t('landing.fields.type'),
      enableSorting: false,
      cell: ({ row }) => t(`landing.type.${row.original.type}`),
    },
    {
      id: 'status',
      header: t('landing.fields.status'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <PageStatusBadge status={row.original.status} />
          {row.original.status === 'published' && row.original.has_unpublished_changes && (
            <>
              {' '}
              <Badge colour="yellow">{t('landing.unpublished_changes')}</Badge>
            </>
          )}
        </>
      ),
    },
    {
      id: 'updated_at',
      header: t('landing.fields.updated_at'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.updated_by_name
          ? t('landing.edited_by', {
              at: formatDateTime(row.original.updated_at, language),
              name: row.original.updated_by_name,
            })
          : formatDateTime(row.original.updated_at, language),
    },
    {
      id: 'visits',
      header: t('landing.fields.visits'),
      enableSorting: false,
      cell: ({ row }) => row.original.visits.toLocaleString(language),
    },
    {
      id: 'donations',
      header: t('landing.fields.donations'),
      enableSorting: false,
      cell: ({ row }) => row.original.donations.toLocaleString(language),
    },
    {
      id: 'raised',
      header: t('landing.fields.raised'),
      enableSorting: false,
      cell: ({ row }) => formatMoney(row.original.raised, language),
    },
    {
      id: 'gift_aid_rate',
      header: t('landing.fields.gift_aid_rate'),
      enableSorting: false,
      cell: ({ row }) => formatRate(row.original.gift_aid_rate, language) ?? t('common.none'),
    },
  ];
}

/** The page's public address on this site ("/p/<charity>/<slug>" made absolute). */
export const publicLink = (row: PageRow) => new URL(row.public_url, window.location.origin).href;

/** /landing: the charity's landing pages with their figures; create, edit, preview, duplicate,
 * unpublish, delete, copy the public link. */
export default function LandingPagesPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PageRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState(false);
  const columns = useMemo(() => pageColumns(t, i18n.language), [t, i18n.language]);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['table', TABLE] });
    void client.invalidateQueries({ queryKey: pageKeys.all });
  };
  const onData = useCallback((body: ListResponse<PageRow>) => {
    // The empty state is for a charity with no page at all, not a search that found none.
    const meta = loadMeta(TABLE);
    const narrowed = meta.search.trim() !== '' || meta.filters.applied;
    setEmpty(!narrowed && body.data.length === 0 && (body.meta?.page ?? 1) === 1);
  }, []);

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showToast({ type: 'success', title: t('common.success'), message: done });
      refresh();
    } catch (error) {
      if (error instanceof ApiError) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      }
    }
  };

  const remove = async (row: PageRow) => {
    setBusy(true);
    await act(() => pagesApi.remove(row.id), t('landing.deleted', { title: row.title }));
    setBusy(false);
    setDeleting(null);
  };

  const actions = (row: PageRow): RowAction<PageRow>[] => {
    const list: RowAction<PageRow>[] = [
      {
        key: 'edit',
        label: t('table.edit'),
        onClick: () => void navigate(pathFor('page-builder', { id: row.id })),
      },
      {
        key: 'preview',
        label: t('landing.actions.preview'),
        onClick: () =>
          window.open(`${pathFor('page-builder', { id: row.id })}?preview=1`, '_blank', 'noopener'),
      },
      {
        key: 'duplicate',
        label: t('landing.actions.duplicate'),
        onClick: () =>
          void act(() => pagesApi.duplicate(row.id), t('landing.duplicated', { title: row.title })),
      },
    ];
    if (row.status === 'published') {
      list.push(
        {
          key: 'copy',
          label: t('landing.actions.copy_link'),
          onClick: () => void copyText(publicLink(row)),
        },
        {
          key: 'unpublish',
          label: t('landing.actions.unpublish'),
          onClick: () =>
            void act(
              () => pagesApi.unpublish(row.id, row.version),
              t('landing.unpublished', { title: row.title }),
            ),
        },
      );
    }
    list.push({
      key: 'delete',
      label: t('table.delete'),
      danger: true,
      onClick: () => setDeleting(row),
    });
    return list;
  };

  const filters: FilterDef[] = [
    {
      key: 'status',
      label: t('landing.fields.status'),
      type: 'select',
      options: PAGE_STATUSES.map((value) => ({ value, label: t(`landing.status.${value}`) })),
    },
    {
      key: 'type',
      label: t('landing.fields.type'),
      type: 'select',
      options: PAGE_TYPES.map((value) => ({ value, label: t(`landing.type.${value}`) })),
    },
  ];

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('landing'))}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('landing.new.button')}
          </Button>
        }
      />
      {empty && (
        <EmptyState title={t('landing.empty.title')}>
          <p>{t('landing.empty.body')}</p>
        </EmptyState>
      )}
      <DataTable<PageRow>
        table={TABLE}
        endpoint={pagesApi.endpoint}
        columns={columns}
        filters={filters}
        // the API lists pages by their last edit only (newest first)
        defaults={{ sortBy: 'updated_at', sortDesc: true }}
        exportable={false}
        searchPlaceholder={t('landing.search')}
        rowActions={actions}
        onData={onData}
      />
      {creating && (
        <NewPageDialog
          onCancel={() => setCreating(false)}
          onCreated={(page) => {
            setCreating(false);
            refresh();
            void navigate(pathFor('page-builder', { id: page.id }));
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('landing.confirm_delete_title')}
          confirmLabel={t('table.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('landing.confirm_delete', { title: deleting.title })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
