import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import {
  attentionApi,
  subscriptionKeys,
  RECONCILE_POLL_MS,
  type AttentionItem,
  type ReconcileJob,
} from './api';

const finished = (status: string | undefined) => status === 'done' || status === 'failed';

/** One side of a difference, in words: a status or interval by name, money, a date. */
function valueText(item: AttentionItem, value: string | null, t: TFunction, locale: string) {
  if (value === null || value === '') return t('subscriptions.attention.nothing');
  if (item.kind === 'status')
    return t(`subscriptions.status.${value}`, { defaultValue: value }).toLowerCase();
  if (item.kind === 'interval')
    return t(`subscriptions.interval.${value}`, { defaultValue: value }).toLowerCase();
  if (item.kind === 'amount' || item.kind === 'missing_donation') return formatMoney(value);
  return formatDate(value, locale);
}

/** What differs, in a sentence naming the gateway: "Status: Almoner has active, PayPal has
 * cancelled". */
export function differenceText(item: AttentionItem, t: TFunction, locale: string): string {
  const provider = item.provider ?? 'stripe';
  const name = t(`gateways.providers.${provider}`);
  if (item.kind === 'missing_donation')
    return t('subscriptions.attention.missing_donation', {
      amount: valueText(item, item.gateway, t, locale),
      name,
      payment: t(`subscriptions.attention.payment.${provider}`, { id: item.invoice_id ?? '' }),
    });
  return t('subscriptions.attention.differs', {
    what: t(`subscriptions.attention.kind.${item.kind}`),
    held: valueText(item, item.held, t, locale),
    name,
    gateway: valueText(item, item.gateway, t, locale),
  });
}

interface Props {
  /** Opens a subscription's side panel. */
  onOpen: (subscriptionId: string) => void;
  /** Subscriptions changed (an applied item, a run): the list, the tiles, an open panel. */
  onChanged: () => void;
}

/**
 * The reconciliation's "needs attention" list (issue 17 item 5): each difference between Almoner
 * and the gateway with "Apply the gateway's state" or "Dismiss", and a run on demand ("Check with
 * the gateway now": a job, polled until it ends, then the list and the figures are read again).
 */
export function NeedsAttention({ onOpen, onChanged }: Props) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: subscriptionKeys.attention,
    queryFn: attentionApi.list,
  });
  const items = data?.data ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});

  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [outcome, setOutcome] = useState<
    | { state: 'done'; result: NonNullable<ReconcileJob['result']> }
    | { state: 'failed'; message: string }
    | null
  >(null);
  const jobQuery = useQuery({
    queryKey: subscriptionKeys.job(jobId ?? ''),
    queryFn: () => attentionApi.job(jobId ?? ''),
    enabled: Boolean(jobId),
    refetchInterval: (query) => (finished(query.state.data?.status) ? false : RECONCILE_POLL_MS),
  });
  const job = jobId ? jobQuery.data : undefined;

  const changed = () => {
    void client.invalidateQueries({ queryKey: subscriptionKeys.attention });
    void client.invalidateQueries({ queryKey: ['subscriptions', 'detail'] });
    onChanged();
  };

  useEffect(() => {
    if (!jobId || !job || !finished(job.status)) return;
    setJobId(null);
    setOutcome(
      job.status === 'done' && job.result
        ? { state: 'done', result: job.result }
        : { state: 'failed', message: job.error || t('subscriptions.attention.run_failed') },
    );
    changed();
  }, [jobId, job]); // eslint-disable-line react-hooks/exhaustive-deps

  const checkNow = async () => {
    setStarting(true);
    setOutcome(null);
    try {
      const { job_id: started } = await attentionApi.reconcile();
      setJobId(started);
    } catch (error) {
      setOutcome({
        state: 'failed',
        message:
          error instanceof ApiError && error.body.message
            ? error.body.message
            : t('errors.default'),
      });
    } finally {
      setStarting(false);
    }
  };

  const settle = async (item: AttentionItem, action: 'apply' | 'dismiss') => {
    setBusy(`${item.id}:${action}`);
    setRowErrors((current) => {
      const next = { ...current };
      delete next[item.id];
      return next;
    });
    try {
      await (action === 'apply' ? attentionApi.apply(item.id) : attentionApi.dismiss(item.id));
      changed();
    } catch (error) {
      const message =
        error instanceof ApiError && error.body.message ? error.body.message : t('errors.default');
      setRowErrors((current) => ({ ...current, [item.id]: message }));
    } finally {
      setBusy(null);
    }
  };

  const running = starting || Boolean(jobId);
  return (
    <Card
      title={t('subscriptions.attention.title')}
      titleId="subscriptions-attention-title"
      testId="subscriptions-attention"
      actions={
        <Button onClick={() => void checkNow()} loading={running}>
          {t('subscriptions.attention.check_now')}
        </Button>
      }
    >
      <div role="status" className="muted" data-testid="reconcile-status">
        {running
          ? t('subscriptions.attention.checking')
          : outcome?.state === 'done'
            ? t('subscriptions.attention.checked', {
                checked: outcome.result.checked,
                invoices: outcome.result.invoices,
                count: outcome.result.found,
              })
            : null}
      </div>
      {outcome?.state === 'failed' && (
        <p className="form-error" role="alert">
          {outcome.message}
        </p>
      )}
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('subscriptions.attention.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="attention-items">
            <thead>
              <tr>
                <th>{t('subscriptions.attention.subscription')}</th>
                <th>{t('subscriptions.attention.difference')}</th>
                <th>{t('subscriptions.attention.found_at')}</th>
                <th>
                  <span className="visually-hidden">{t('subscriptions.attention.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={`attention-${item.id}`}>
                  <td>
                    {item.subscription_id ? (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => onOpen(item.subscription_id ?? '')}
                      >
                        {item.donor_name || t('subscriptions.unknown_donor')}
                      </button>
                    ) : (
                      (item.donor_name ?? t('subscriptions.attention.not_here'))
                    )}
                    <div className="muted break-anywhere">
                      <code>{item.gateway_subscription_id}</code>
                    </div>
                  </td>
                  <td>
                    {differenceText(item, t, i18n.language)}
                    {rowErrors[item.id] && (
                      <p className="field-error" role="alert">
                        {rowErrors[item.id]}
                      </p>
                    )}
                  </td>
                  <td>{formatDateTime(item.found_at, i18n.language)}</td>
                  <td>
                    <div className="inline-actions">
                      <Button
                        variant="primary"
                        loading={busy === `${item.id}:apply`}
                        disabled={busy !== null}
                        onClick={() => void settle(item, 'apply')}
                      >
                        {t('subscriptions.attention.apply')}
                      </Button>
                      <Button
                        loading={busy === `${item.id}:dismiss`}
                        disabled={busy !== null}
                        onClick={() => void settle(item, 'dismiss')}
                      >
                        {t('subscriptions.attention.dismiss')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
