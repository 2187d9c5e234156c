import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModeBadge } from './ModeBadge';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { fundKeys, fundsApi, type FundOption } from '@/features/funds/api';
import { ApiError, reportApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';
import {
  callLink,
  gatewayKeys,
  gatewaysApi,
  type GatewayMode,
  type GatewayView,
  type TestEventResult,
} from './api';

/** /payment-gateways: a card per provider — connect with its keys (checked by the provider
 * before saving), or, once connected, its mode, masked key hints, signing-secret rotation, the
 * webhook URL and events to enable at the provider, a test event and disconnecting. */
export default function PaymentGatewaysPage() {
  const { t } = useTranslation();
  const gateways = useQuery({ queryKey: gatewayKeys.all, queryFn: gatewaysApi.list });
  const funds = useQuery({ queryKey: fundKeys.options, queryFn: fundsApi.options });
  return (
    <section>
      <PageHeader title={t(routeTitleKey('payment-gateways'))} />
      <p className="muted">{t('gateways.intro')}</p>
      {gateways.isPending ? (
        <Spinner />
      ) : (
        (gateways.data?.data ?? []).map((gateway) => (
          <GatewayCard key={gateway.provider} gateway={gateway} funds={funds.data?.data ?? []} />
        ))
      )}
    </section>
  );
}

interface GatewayFormValues {
  [key: string]: unknown;
  publishable_key: string;
  secret_key: string;
  signing_secret: string;
  client_id: string;
  client_secret: string;
  webhook_id: string;
  mode: string;
  default_fund_id: string;
}

function initialValues(gateway: GatewayView): GatewayFormValues {
  return {
    publishable_key: gateway.provider === 'stripe' ? (gateway.public_key ?? '') : '',
    secret_key: '',
    signing_secret: '',
    client_id: gateway.provider === 'paypal' ? (gateway.public_key ?? '') : '',
    client_secret: '',
    webhook_id: gateway.webhook_id ?? '',
    mode: gateway.mode ?? 'test',
    default_fund_id: gateway.default_fund_id ?? '',
  };
}

function GatewayCard({ gateway, funds }: { gateway: GatewayView; funds: FundOption[] }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const provider = gateway.provider;
  const form = useForm<GatewayFormValues>(initialValues(gateway));
  const [confirm, setConfirm] = useState<'disconnect' | 'previous' | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<TestEventResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = t(`gateways.providers.${provider}`);
  const titleId = `gateway-${provider}-title`;

  const update = (view: GatewayView) => {
    client.setQueryData<{ data: GatewayView[] }>(gatewayKeys.all, (current) =>
      current
        ? { data: current.data.map((item) => (item.provider === view.provider ? view : item)) }
        : current,
    );
    form.setValues(initialValues(view));
    void client.invalidateQueries({ queryKey: ['billing'] });
  };

  const save = () =>
    form.submit(async (values) => {
      const keep = (value: string) => (value.trim() ? value.trim() : undefined);
      const fund = values.default_fund_id || null;
      const view =
        provider === 'stripe'
          ? await gatewaysApi.saveStripe({
              publishable_key: values.publishable_key.trim(),
              secret_key: keep(values.secret_key),
              signing_secret: keep(values.signing_secret),
              default_fund_id: fund,
            })
          : await gatewaysApi.savePayPal({
              client_id: values.client_id.trim(),
              client_secret: keep(values.client_secret),
              webhook_id: values.webhook_id.trim(),
              mode: values.mode as GatewayMode,
              default_fund_id: fund,
            });
      update(view);
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t(gateway.connected ? 'gateways.updated' : 'gateways.connected_toast', { name }),
      });
    });

  const act = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      if (confirm === 'disconnect') {
        const answer = await gatewaysApi.disconnect(provider);
        showToast({ type: 'success', title: t('common.success'), message: answer.message });
        setTested(null);
        void client.invalidateQueries({ queryKey: gatewayKeys.all });
        void client.invalidateQueries({ queryKey: ['billing'] });
      } else {
        update(await gatewaysApi.removePreviousSecret());
        showToast({
          type: 'success',
          title: t('common.success'),
          message: t('gateways.previous_removed'),
        });
      }
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        setRefusal(error.message);
      } else if (error instanceof ApiError) reportApiError(error);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const sendTest = async () => {
    setTesting(true);
    setRefusal(null);
    try {
      const answer = await gatewaysApi.testEvent(provider);
      setTested(answer);
      showToast({
        type: answer.status === 'failed' || answer.status === 'rejected' ? 'error' : 'success',
        title: t('gateways.test.title'),
        message: answer.result ?? t('gateways.test.sent'),
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        setRefusal(error.message);
      } else if (error instanceof ApiError) reportApiError(error);
    } finally {
      setTesting(false);
    }
  };

  const connected = gateway.connected;
  const keepHint = connected ? t('gateways.keep_hint') : undefined;
  return (
    <Card
      title={name}
      titleId={titleId}
      testId={`gateway-${provider}`}
      actions={
        connected ? (
          <ModeBadge mode={gateway.mode} />
        ) : (
          <Badge colour="gray">{t('gateways.not_connected')}</Badge>
        )
      }
    >
      {connected && (
        <dl className="details" data-testid={`gateway-${provider}-details`}>
          <dt>{t('gateways.fields.status')}</dt>
          <dd>{t(`gateways.status.${gateway.status}`, { defaultValue: gateway.status })}</dd>
          {gateway.account_name && (
            <>
              <dt>{t('gateways.fields.account_name')}</dt>
              <dd>{gateway.account_name}</dd>
            </>
          )}
          <dt>
            {t(
              provider === 'stripe'
                ? 'gateways.fields.publishable_key'
                : 'gateways.fields.client_id',
            )}
          </dt>
          <dd>
            <code>{gateway.public_key}</code>
          </dd>
          <dt>
            {t(
              provider === 'stripe'
                ? 'gateways.fields.secret_key'
                : 'gateways.fields.client_secret',
            )}
          </dt>
          <dd>
            <code data-testid="secret-hint">{gateway.secret_hint}</code>
          </dd>
          {provider === 'stripe' && (
            <>
              <dt>{t('gateways.fields.signing_secrets')}</dt>
              <dd>
                <ul className="plain-list" data-testid="signing-hints">
                  {gateway.signing_hints.map((hint, index) => (
                    <li key={hint}>
                      <code>{hint}</code>{' '}
                      <span className="muted">
                        {t(index === 0 ? 'gateways.current' : 'gateways.previous')}
                      </span>
                    </li>
                  ))}
                </ul>
                {gateway.signing_hints.length > 1 && (
                  <Button variant="link" onClick={() => setConfirm('previous')}>
                    {t('gateways.remove_previous')}
                  </Button>
                )}
              </dd>
            </>
          )}
          {provider === 'paypal' && (
            <>
              <dt>{t('gateways.fields.webhook_id')}</dt>
              <dd>
                <code>{gateway.webhook_id}</code>
              </dd>
            </>
          )}
          <dt>{t('gateways.fields.connected')}</dt>
          <dd>
            {t('gateways.connected_by', {
              date: formatDate(gateway.connected_at, i18n.language),
              name: gateway.connected_by_name ?? t('common.none'),
            })}
          </dd>
          <dt>{t('gateways.fields.last_event')}</dt>
          <dd>
            {gateway.last_event_at
              ? formatDate(gateway.last_event_at, i18n.language)
              : t('gateways.no_events')}
          </dd>
        </dl>
      )}
      <h3>{t('gateways.webhook.title')}</h3>
      <p className="muted">{t(`gateways.webhook.${provider}_help`)}</p>
      <div className="inline-actions">
        <code className="break-anywhere" data-testid={`webhook-url-${provider}`}>
          {gateway.webhook_url}
        </code>
        <Button
          onClick={() => void copyText(gateway.webhook_url)}
          aria-label={t('gateways.webhook.copy_label', { name })}
        >
          {t('common.copy')}
        </Button>
      </div>
      <p>{t('gateways.webhook.events')}</p>
      <ul className="break-anywhere" data-testid={`webhook-events-${provider}`}>
        {gateway.events.map((event) => (
          <li key={event}>
            <code>{event}</code>
          </li>
        ))}
      </ul>
      <form
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <h3>{t(connected ? 'gateways.update_title' : 'gateways.connect_title', { name })}</h3>
        <FormError message={form.generalError} />
        {provider === 'stripe' ? (
          <>
            <TextField
              form={form}
              name="publishable_key"
              label={t('gateways.fields.publishable_key')}
              hint={t('gateways.hints.publishable_key')}
              autoComplete="off"
              required
            />
            <TextField
              form={form}
              name="secret_key"
              type="password"
              label={t('gateways.fields.secret_key')}
              hint={keepHint ?? t('gateways.hints.secret_key')}
              autoComplete="new-password"
              required={!connected}
            />
            <TextField
              form={form}
              name="signing_secret"
              type="password"
              label={t(
                connected && gateway.signing_hints.length > 0
                  ? 'gateways.fields.new_signing_secret'
                  : 'gateways.fields.signing_secret',
              )}
              hint={connected ? t('gateways.hints.rotation') : t('gateways.hints.signing_secret')}
              autoComplete="new-password"
              required={!connected}
            />
          </>
        ) : (
          <>
            <TextField
              form={form}
              name="client_id"
              label={t('gateways.fields.client_id')}
              autoComplete="off"
              required
            />
            <TextField
              form={form}
              name="client_secret"
              type="password"
              label={t('gateways.fields.client_secret')}
              hint={keepHint}
              autoComplete="new-password"
              required={!connected}
            />
            <TextField
              form={form}
              name="webhook_id"
              label={t('gateways.fields.webhook_id')}
              hint={t('gateways.hints.webhook_id')}
              autoComplete="off"
              required
            />
            <SelectField
              form={form}
              name="mode"
              label={t('gateways.fields.mode')}
              options={(['test', 'live'] as const).map((value) => ({
                value,
                label: t(`gateways.mode.${value}`),
              }))}
            />
          </>
        )}
        <SelectField
          form={form}
          name="default_fund_id"
          label={t('gateways.fields.default_fund')}
          placeholder={t('gateways.general_fund')}
          options={funds.map((fund) => ({ value: fund.id, label: fund.name }))}
        />
        <div className="form-actions">
          <SubmitButton processing={form.processing}>
            {t(connected ? 'gateways.save' : 'gateways.connect', { name })}
          </SubmitButton>
          {connected && (
            <>
              <Button loading={testing} onClick={() => void sendTest()}>
                {t('gateways.test.send')}
              </Button>
              <Button variant="danger" onClick={() => setConfirm('disconnect')}>
                {t('gateways.disconnect')}
              </Button>
            </>
          )}
        </div>
      </form>
      <FormError message={refusal} />
      {tested && (
        <p role="status" data-testid={`test-event-${provider}`}>
          {tested.result === null
            ? t('gateways.test.sent')
            : t('gateways.test.outcome', { status: tested.status, result: tested.result })}{' '}
          <Link to={callLink(provider, tested.event_id)}>{t('gateways.test.open_call')}</Link>
        </p>
      )}
      {confirm && (
        <ConfirmDialog
          title={t(
            confirm === 'disconnect'
              ? 'gateways.confirm.disconnect_title'
              : 'gateways.confirm.previous_title',
            { name },
          )}
          confirmLabel={t(
            confirm === 'disconnect' ? 'gateways.disconnect' : 'gateways.remove_previous',
          )}
          danger
          busy={busy}
          onConfirm={() => void act()}
          onCancel={() => setConfirm(null)}
        >
          <p>
            {t(
              confirm === 'disconnect'
                ? 'gateways.confirm.disconnect'
                : 'gateways.confirm.previous',
              {
                name,
              },
            )}
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
