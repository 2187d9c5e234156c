import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { SidePanel } from '@/components/SidePanel';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor } from '@/config/paths';
import { ModeBadge } from '@/features/gateways/ModeBadge';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import {
  actionAllowed,
  STAFF_ACTIONS,
  subscriptionKeys,
  subscriptionsApi,
  type HistoryEntry,
  type StaffAction,
  type SubscriptionDetail,
} from './api';
import { ActionDialog } from './ActionDialog';
import { AmountPerInterval, donorLabel, StatusBadge } from './parts';
import { SelfServiceLink } from './SelfServiceLink';

interface Props {
  id: string;
  onClose: () => void;
  /** An action changed the subscription: the list and the figures are stale. */
  onChanged: () => void;
}

export function SubscriptionPanel({ id, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, error } = useQuery({
    queryKey: subscriptionKeys.detail(id),
    queryFn: () => subscriptionsApi.get(id),
  });
  const [action, setAction] = useState<StaffAction | null>(null);

  const done = (detail: SubscriptionDetail) => {
    client.setQueryData(subscriptionKeys.detail(id), detail);
    setAction(null);
    showToast({
      type: 'success',
      title: t('common.success'),
      message: t(`subscriptions.actions.${action ?? 'pause'}.done`),
    });
    onChanged();
  };

  return (
    <SidePanel
      open
      title={data ? donorLabel(data, t) : t('subscriptions.detail.title')}
      onClose={onClose}
    >
      {isPending ? (
        <Spinner />
      ) : !data ? (
        <p>{error instanceof Error ? error.message : t('errors.default')}</p>
      ) : (
        <div data-testid="subscription-detail">
          <Facts subscription={data} />
          <div className="form-actions" role="group" aria-label={t('subscriptions.detail.actions')}>
            {STAFF_ACTIONS.map((name) => (
              <Button
                key={name}
                variant={name === 'cancel' ? 'danger' : undefined}
                disabled={!actionAllowed(name, data.status)}
                onClick={() => setAction(name)}
              >
                {t(`subscriptions.actions.${name}.button`)}
              </Button>
            ))}
          </div>
          <SelfServiceLink key={data.id} subscription={data} />
          <h3>{t('subscriptions.detail.history')}</h3>
          <History entries={data.history} />
          <h3>{t('subscriptions.detail.instalments')}</h3>
          <Instalments subscription={data} />
          {action && (
            <ActionDialog
              action={action}
              subscription={data}
              onDone={done}
              onClose={() => setAction(null)}
            />
          )}
        </div>
      )}
    </SidePanel>
  );
}

function Facts({ subscription: s }: { subscription: SubscriptionDetail }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => formatDate(value, i18n.language);
  return (
    <dl className="details" data-testid="subscription-facts">
      <dt>{t('subscriptions.fields.status')}</dt>
      <dd>
        <StatusBadge status={s.status} />
      </dd>
      <dt>{t('subscriptions.fields.amount')}</dt>
      <dd>
        <AmountPerInterval subscription={s} />
      </dd>
      <dt>{t('subscriptions.fields.donor')}</dt>
      <dd>
        {s.donor_id ? (
          <Link to={pathFor('donors.show', { id: s.donor_id })}>{donorLabel(s, t)}</Link>
        ) : (
          donorLabel(s, t)
        )}
        {s.donor_name && s.donor_email && <div className="muted">{s.donor_email}</div>}
      </dd>
      <dt>{t('subscriptions.fields.method')}</dt>
      <dd>{t(`subscriptions.method.${s.method}`)}</dd>
      <dt>{t('subscriptions.fields.provider')}</dt>
      <dd>
        {t(`gateways.providers.${s.provider}`)} <ModeBadge mode={s.mode} />
        <div className="muted break-anywhere">
          <code>{s.gateway_subscription_id}</code>
        </div>
      </dd>
      <dt>{t('subscriptions.fields.started_on')}</dt>
      <dd>{date(s.started_on)}</dd>
      <dt>{t('subscriptions.fields.next_charge_date')}</dt>
      <dd>{s.next_charge_date ? date(s.next_charge_date) : t('common.none')}</dd>
      {s.paused_until && (
        <>
          <dt>{t('subscriptions.fields.paused_until')}</dt>
          <dd>{date(s.paused_until)}</dd>
        </>
      )}
      <dt>{t('subscriptions.fields.failure_count')}</dt>
      <dd>
        {s.failure_count}
        {s.last_failure_reason && (
          <div className="text-danger break-anywhere">
            {t('subscriptions.detail.last_failure', {
              reason: s.last_failure_reason,
              since: date(s.failing_since),
            })}
          </div>
        )}
      </dd>
      {s.cancelled_at && (
        <>
          <dt>{t('subscriptions.fields.cancelled_at')}</dt>
          <dd>
            {formatDateTime(s.cancelled_at, i18n.language)}
            {s.cancel_reason && <div className="muted">{s.cancel_reason}</div>}
          </dd>
        </>
      )}
      <dt>{t('subscriptions.fields.fund')}</dt>
      <dd>{s.fund_name ?? t('common.none')}</dd>
      <dt>{t('subscriptions.fields.given')}</dt>
      <dd>
        {t('subscriptions.detail.given', {
          count: s.instalments,
          total: formatMoney(s.total_given),
        })}
      </dd>
    </dl>
  );
}

function History({ entries }: { entries: HistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className="muted">{t('subscriptions.detail.no_history')}</p>;
  return (
    <ol className="timeline" data-testid="subscription-history">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${entry.kind}-${index}`}>
          <strong>{t(`subscriptions.history.${entry.kind}`, { defaultValue: entry.kind })}</strong>
          {(entry.from || entry.to) && (
            <span>
              {' '}
              {t('subscriptions.history.change', {
                from: entry.from ?? t('common.none'),
                to: entry.to ?? t('common.none'),
              })}
            </span>
          )}
          <div className="muted">
            {t('subscriptions.history.when_by', {
              at: formatDateTime(entry.at, i18n.language),
              by: t(`subscriptions.history.by.${entry.by}`),
            })}
          </div>
          {entry.reason && <div className="break-anywhere">{entry.reason}</div>}
        </li>
      ))}
    </ol>
  );
}

function Instalments({ subscription }: { subscription: SubscriptionDetail }) {
  const { t, i18n } = useTranslation();
  const rows = subscription.instalment_donations;
  if (rows.length === 0) return <p className="muted">{t('subscriptions.detail.no_instalments')}</p>;
  return (
    <div className="table-scroll">
      <table data-testid="subscription-instalments">
        <thead>
          <tr>
            <th>{t('subscriptions.instalments.date')}</th>
            <th className="money">{t('subscriptions.instalments.amount')}</th>
            <th>{t('subscriptions.instalments.status')}</th>
            <th>{t('subscriptions.instalments.gift_aid')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.donation_id}>
              <td>
                <Link to={pathFor('donations.show', { id: row.donation_id })}>
                  {formatDate(row.date, i18n.language)}
                </Link>
              </td>
              <td className="money">{formatMoney(row.amount)}</td>
              <td>{t(`donations.statuses.${row.status}`, { defaultValue: row.status })}</td>
              <td>
                {t(`giftaid.states.${row.gift_aid_status}`, { defaultValue: row.gift_aid_status })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
