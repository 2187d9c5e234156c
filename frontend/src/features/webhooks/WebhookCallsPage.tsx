import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Badge, type BadgeColour } from '@/components/Badge';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type FilterDef } from '@/components/data-table';
import { loadMeta, metaStorageKey } from '@/components/data-table/meta';
import { FormError } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { SidePanel } from '@/components/SidePanel';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ModeBadge } from '@/features/gateways/ModeBadge';
import { gatewayKeys, gatewaysApi, PROVIDERS } from '@/features/gateways/api';
import { ApiError, reportApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  CALL_STATUSES,
  callKey,
  webhookKeys,
  webhooksApi,
  type CallStatus,
  type WebhookCall,
} from './api';

export const TABLE = 'webhook_calls';

/** The event types the providers send us (contract18), for the exact-match type filter. */
export const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'payout.paid',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
];

export const CALL_STATUS_COLOURS: Record<CallStatus, BadgeColour> = {
  received: 'blue',
  processed: 'green',
  ignored: 'gray',
  rejected: 'orange',
  failed: 'red',
};

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { t } = useTranslation();
  return (
    <Badge colour={CALL_STATUS_COLOURS[status] ?? 'gray'}>
      {t(`webhook_calls.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function callColumns(
  t: TFunction,
  locale: string,
  open: (row: WebhookCall) => void,
): ColumnDef<WebhookCall, unknown>[] {
  return [
    {
      id: 'received',
      header: t('webhook_calls.fields.received'),
      enableSorting: false,
      cell: ({ row }) => formatDateTime(row.original.last_received_at, locale),
    },
    {
      id: 'provider',
      header: t('webhook_calls.fields.provider'),
      enableSorting: false,
      cell: ({ row }) => t(`gateways.providers.${row.original.provider}`),
    },
    {
      id: 'type',
      header: t('webhook_calls.fields.type'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <button
            type="button"
            className="link-button break-anywhere"
            onClick={() => open(row.original)}
          >
            {row.original.type}
          </button>{' '}
          {row.original.test_event && (
            <Badge colour="purple">{t('webhook_calls.test_event')}</Badge>
          )}
          {!row.original.test_event && row.original.mode === 'test' && <ModeBadge mode="test" />}
        </>
      ),
    },
    {
      id: 'status',
      header: t('webhook_calls.fields.status'),
      enableSorting: false,
      cell: ({ row }) => <CallStatusBadge status={row.original.status} />,
    },
    {
      id: 'deliveries',
      header: t('webhook_calls.fields.deliveries'),
      enableSorting: false,
      cell: ({ row }) => row.original.deliveries,
    },
    {
      id: 'attempts',
      header: t('webhook_calls.fields.attempts'),
      enableSorting: false,
      cell: ({ row }) => row.original.attempts,
    },
    {
      id: 'donation',
      header: t('webhook_calls.fields.donation'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.donation_id ? (
          <Link to={pathFor('donations.show', { id: row.original.donation_id })}>
            {t('webhook_calls.view_donation')}
          </Link>
        ) : (
          ''
        ),
    },
    {
      id: 'result',
      header: t('webhook_calls.fields.result'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.error ? (
          <span className="text-danger break-anywhere">{row.original.error}</span>
        ) : (
          <span className="break-anywhere">{row.original.result ?? ''}</span>
        ),
    },
  ];
}

/** Applies `?status=failed` (a link from the Website Integration's health) before the table
 * reads its stored filters. */
function presetFilters(status: string | null): void {
  if (!status) return;
  const meta = loadMeta(TABLE);
  window.localStorage.setItem(
    metaStorageKey(TABLE),
    JSON.stringify({ ...meta, page: 1, filters: { status, applied: true } }),
  );
}

/** /webhook-calls: every event the providers sent (or that was fetched or replayed), its
 * verification and what processing made of it; a row opens the whole call with "Replay". */
export default function WebhookCallsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  useState(() => presetFilters(params.get('status')));
  const opened = params.get('call');
  const [provider, eventId] = opened ? splitKey(opened) : [null, null];
  const gateways = useQuery({ queryKey: gatewayKeys.all, queryFn: gatewaysApi.list });
  const stripeConnected = Boolean(
    gateways.data?.data.find((gateway) => gateway.provider === 'stripe')?.connected,
  );
  const [fetching, setFetching] = useState(false);
  const open = (row: WebhookCall) => setParams({ call: callKey(row) });
  const close = () => setParams({});
  const columns = useMemo(() => callColumns(t, i18n.language, open), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const filters: FilterDef[] = [
    {
      key: 'provider',
      label: t('webhook_calls.fields.provider'),
      type: 'select',
      options: PROVIDERS.map((value) => ({ value, label: t(`gateways.providers.${value}`) })),
    },
    {
      key: 'status',
      label: t('webhook_calls.fields.status'),
      type: 'select',
      options: CALL_STATUSES.map((value) => ({
        value,
        label: t(`webhook_calls.status.${value}`),
      })),
    },
    {
      key: 'type',
      label: t('webhook_calls.fields.type'),
      type: 'select',
      options: EVENT_TYPES.map((value) => ({ value, label: value })),
    },
    { key: 'from', label: t('webhook_calls.fields.from'), type: 'text', inputType: 'date' },
    { key: 'to', label: t('webhook_calls.fields.to'), type: 'text', inputType: 'date' },
  ];

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['table', TABLE] });
    void client.invalidateQueries({ queryKey: webhookKeys.all });
  };

  const fetchMissed = async () => {
    setFetching(true);
    try {
      const answer = await webhooksApi.fetchMissed('stripe');
      showToast({
        type: 'success',
        title: t('webhook_calls.fetch.title'),
        message: t('webhook_calls.fetch.done', { fetched: answer.fetched, new: answer.new }),
      });
      refresh();
    } catch (error) {
      if (error instanceof ApiError) {
        showToast({ type: 'error', title: t('webhook_calls.fetch.title'), message: error.message });
      }
    } finally {
      setFetching(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('webhook-calls'))}
        actions={
          stripeConnected && (
            <Button loading={fetching} onClick={() => void fetchMissed()}>
              {t('webhook_calls.fetch.button')}
            </Button>
          )
        }
      />
      <DataTable<WebhookCall>
        table={TABLE}
        endpoint={webhooksApi.endpoint}
        columns={columns}
        filters={filters}
        exportable={false}
        rowKey={callKey}
        searchable={false}
        rowActions={(row) => [{ key: 'view', label: t('common.view'), onClick: () => open(row) }]}
      />
      {provider && eventId && (
        <CallPanel provider={provider} eventId={eventId} onClose={close} onChanged={refresh} />
      )}
    </section>
  );
}

function splitKey(key: string): [string, string] {
  const at = key.indexOf(':');
  return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
}

function CallPanel({
  provider,
  eventId,
  onClose,
  onChanged,
}: {
  provider: string;
  eventId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, error } = useQuery({
    queryKey: webhookKeys.detail(provider, eventId),
    queryFn: () => webhooksApi.get(provider, eventId),
  });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const when = (value: string | null | undefined) => formatDateTime(value, i18n.language);

  const replay = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await webhooksApi.replay(provider, eventId);
      showToast({
        type: answer.status === 'failed' ? 'error' : 'success',
        title: t('webhook_calls.replay.done'),
        message: answer.result,
      });
      void client.invalidateQueries({ queryKey: webhookKeys.detail(provider, eventId) });
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 422)) {
        setRefusal(failure.message);
      } else if (failure instanceof ApiError) reportApiError(failure);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <SidePanel open title={t('webhook_calls.detail.title', { id: eventId })} onClose={onClose}>
      {isPending ? (
        <Spinner />
      ) : !data ? (
        <p>{error instanceof Error ? error.message : t('errors.default')}</p>
      ) : (
        <div data-testid="webhook-call-detail">
          <dl className="details">
            <dt>{t('webhook_calls.fields.provider')}</dt>
            <dd>{t(`gateways.providers.${data.provider}`)}</dd>
            <dt>{t('webhook_calls.fields.type')}</dt>
            <dd>
              <code>{data.type}</code> {data.mode && <ModeBadge mode={data.mode} />}
            </dd>
            <dt>{t('webhook_calls.fields.status')}</dt>
            <dd>
              <CallStatusBadge status={data.status} />
            </dd>
            <dt>{t('webhook_calls.fields.result')}</dt>
            <dd>
              {data.result ?? ''}
              {data.error && <span className="text-danger"> {data.error}</span>}
            </dd>
            <dt>{t('webhook_calls.fields.donation')}</dt>
            <dd>
              {data.donation_id ? (
                <Link to={pathFor('donations.show', { id: data.donation_id })}>
                  {t('webhook_calls.view_donation')}
                </Link>
              ) : (
                t('common.none')
              )}
            </dd>
            <dt>{t('webhook_calls.fields.deliveries')}</dt>
            <dd>
              {t('webhook_calls.detail.deliveries', {
                deliveries: data.deliveries,
                attempts: data.attempts,
                first: when(data.first_received_at),
                last: when(data.last_received_at),
              })}
            </dd>
          </dl>
          <h3>{t('webhook_calls.detail.verification')}</h3>
          <dl className="details" data-testid="webhook-call-verification">
            <dt>{t('webhook_calls.detail.method')}</dt>
            <dd>{data.verification.method}</dd>
            <dt>{t('webhook_calls.detail.outcome')}</dt>
            <dd>{data.verification.result}</dd>
            {data.verification.secret && (
              <>
                <dt>{t('webhook_calls.detail.secret')}</dt>
                <dd>{t(`webhook_calls.detail.secret_${data.verification.secret}`)}</dd>
              </>
            )}
            {data.verification.cert_host && (
              <>
                <dt>{t('webhook_calls.detail.cert_host')}</dt>
                <dd>{data.verification.cert_host}</dd>
              </>
            )}
          </dl>
          <h3>{t('webhook_calls.detail.headers')}</h3>
          <dl className="details" data-testid="webhook-call-headers">
            {Object.entries(data.headers).map(([name, value]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>
                  <code>{value}</code>
                </dd>
              </div>
            ))}
          </dl>
          <h3>{t('webhook_calls.detail.body')}</h3>
          <pre
            className="raw-body"
            tabIndex={0}
            role="region"
            aria-label={t('webhook_calls.detail.body')}
          >
            {data.body}
          </pre>
          <h3>{t('webhook_calls.detail.replays')}</h3>
          {data.replays.length === 0 ? (
            <p className="muted">{t('webhook_calls.detail.no_replays')}</p>
          ) : (
            <ul data-testid="webhook-call-replays">
              {data.replays.map((replay) => (
                <li key={`${replay.at}-${replay.by_name}`}>
                  {t('webhook_calls.detail.replay_line', {
                    name: replay.by_name,
                    at: when(replay.at),
                    result: replay.result,
                  })}
                </li>
              ))}
            </ul>
          )}
          <FormError message={refusal} />
          <div className="form-actions">
            <Button variant="primary" onClick={() => setConfirming(true)}>
              {t('webhook_calls.replay.button')}
            </Button>
          </div>
          {confirming && (
            <ConfirmDialog
              title={t('webhook_calls.replay.confirm_title')}
              confirmLabel={t('webhook_calls.replay.button')}
              busy={busy}
              onConfirm={() => void replay()}
              onCancel={() => setConfirming(false)}
            >
              <p>{t('webhook_calls.replay.confirm')}</p>
            </ConfirmDialog>
          )}
        </div>
      )}
    </SidePanel>
  );
}
