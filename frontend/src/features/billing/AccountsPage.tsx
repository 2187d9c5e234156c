import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import {
  CheckboxField,
  FieldError,
  FormError,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { fundKeys, fundsApi } from '@/features/funds/api';
import { ModeBadge } from '@/features/gateways/ModeBadge';
import { useUser } from '@/lib/auth-store';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/format';
import { can } from '@/lib/permissions';
import { billingApi, billingKeys, type BillingAccount, type GivingPageSettings } from './api';
import { WidgetCard } from './WidgetCard';

/** /billings/accounts (Website Integration, menu "Take Donations"): each connected account with
 * its webhook health, the public donation page's address and embed code, the page's
 * settings, and the donation widget (its allowed websites and each published page's code). */
export default function AccountsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const accounts = useQuery({ queryKey: billingKeys.accounts, queryFn: billingApi.accounts });
  const page = useQuery({ queryKey: billingKeys.page, queryFn: billingApi.page });
  const rows = accounts.data?.data ?? [];
  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('accounts'))}
        actions={
          <>
            <ButtonLink to={pathFor('payment-gateways')}>{t('routes.payment-gateways')}</ButtonLink>
            {can(user, 'manage-subscriptions') && (
              <ButtonLink to={pathFor('billings.payments')}>
                {t('routes.billings__payments')}
              </ButtonLink>
            )}
          </>
        }
      />
      {accounts.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState title={t('billing.accounts.empty_title')}>
          <p>{t('billing.accounts.empty')}</p>
          <ButtonLink variant="primary" to={pathFor('payment-gateways')}>
            {t('billing.accounts.connect')}
          </ButtonLink>
        </EmptyState>
      ) : (
        rows.map((account) => <AccountCard key={account.provider} account={account} />)
      )}
      {page.data && <PageSettingsCard settings={page.data} />}
      <WidgetCard />
    </section>
  );
}

function AccountCard({ account }: { account: BillingAccount }) {
  const { t, i18n } = useTranslation();
  const embedId = useId();
  const name = t(`gateways.providers.${account.provider}`);
  const failing = account.failures_24h > 0;
  return (
    <Card
      title={name}
      titleId={`account-${account.provider}-title`}
      testId={`account-${account.provider}`}
      actions={<ModeBadge mode={account.mode} />}
    >
      <dl className="details">
        <dt>{t('gateways.fields.status')}</dt>
        <dd>{t(`gateways.status.${account.status}`, { defaultValue: account.status })}</dd>
        {account.account_name && (
          <>
            <dt>{t('gateways.fields.account_name')}</dt>
            <dd>{account.account_name}</dd>
          </>
        )}
        <dt>{t('gateways.fields.default_fund')}</dt>
        <dd>{account.default_fund_name ?? t('gateways.general_fund')}</dd>
        <dt>{t('gateways.fields.last_event')}</dt>
        <dd>
          {account.last_event_at
            ? formatDateTime(account.last_event_at, i18n.language)
            : t('gateways.no_events')}
        </dd>
        <dt>{t('billing.accounts.failures')}</dt>
        <dd data-testid={`failures-${account.provider}`}>
          {failing ? (
            <>
              <span className="text-danger">
                {t('billing.accounts.failures_count', { count: account.failures_24h })}
              </span>{' '}
              <Link to={`${pathFor('webhook-calls')}?status=failed`}>
                {t('billing.accounts.see_failed')}
              </Link>
            </>
          ) : (
            <Badge colour="green">{t('billing.accounts.healthy')}</Badge>
          )}
        </dd>
        {account.page_url && (
          <>
            <dt>{t('billing.accounts.page_url')}</dt>
            <dd>
              <span className="inline-actions">
                <a
                  href={account.page_url}
                  target="_blank"
                  rel="noreferrer"
                  className="break-anywhere"
                >
                  {account.page_url}
                </a>
                <Button
                  onClick={() => void copyText(account.page_url ?? '')}
                  aria-label={t('billing.accounts.copy_url')}
                >
                  {t('common.copy')}
                </Button>
              </span>
            </dd>
          </>
        )}
      </dl>
      {account.embed_code && (
        <div className="field">
          <label htmlFor={embedId}>{t('billing.accounts.embed')}</label>
          <textarea id={embedId} readOnly rows={3} value={account.embed_code} />
          <p className="field-hint">{t('billing.accounts.embed_hint')}</p>
          <div className="form-actions">
            <Button
              onClick={() => void copyText(account.embed_code ?? '')}
              aria-label={t('billing.accounts.copy_embed')}
            >
              {t('common.copy')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

interface PageFormValues {
  [key: string]: unknown;
  slug: string;
  enabled: boolean;
  title: string;
  intro: string;
  presets: string;
  min_amount: string;
  max_amount: string;
  fund_ids: string[];
  cover_fees: boolean;
  thank_you: string;
}

function formValues(settings: GivingPageSettings): PageFormValues {
  return {
    slug: settings.slug,
    enabled: settings.enabled,
    title: settings.title ?? '',
    intro: settings.intro ?? '',
    presets: settings.presets.join(', '),
    min_amount: settings.min_amount,
    max_amount: settings.max_amount,
    fund_ids: settings.fund_ids,
    cover_fees: settings.cover_fees,
    thank_you: settings.thank_you ?? '',
  };
}

/** "5, 10.00, 25" → ["5.00", "10.00", "25.00"]; anything not a number is sent as typed (the
 * server names it). */
export function parsePresets(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((part) => part.replace(/^£/, '').trim())
    .filter(Boolean)
    .map((part) => (/^\d+(\.\d{1,2})?$/.test(part) ? Number(part).toFixed(2) : part));
}

function PageSettingsCard({ settings }: { settings: GivingPageSettings }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useForm<PageFormValues>(formValues(settings));
  const funds = useQuery({
    queryKey: fundKeys.options,
    queryFn: fundsApi.options,
    enabled: editing,
  });
  const fundsLegend = useId();
  const fundErrors = Object.entries(form.errors)
    .filter(([key]) => key === 'fund_ids' || key.startsWith('fund_ids.'))
    .flatMap(([, messages]) => messages);
  const presetErrors = Object.entries(form.errors)
    .filter(([key]) => key.startsWith('presets.'))
    .flatMap(([, messages]) => messages);

  const save = () =>
    form.submit(async (values) => {
      const saved = await billingApi.savePage({
        slug: values.slug.trim(),
        enabled: values.enabled,
        title: values.title.trim() || null,
        intro: values.intro.trim() || null,
        presets: parsePresets(values.presets),
        min_amount: values.min_amount.trim(),
        max_amount: values.max_amount.trim(),
        fund_ids: values.fund_ids,
        cover_fees: values.cover_fees,
        thank_you: values.thank_you.trim() || null,
        version: settings.version,
      });
      client.setQueryData(billingKeys.page, saved);
      void client.invalidateQueries({ queryKey: billingKeys.accounts });
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t('billing.page.saved'),
      });
      setEditing(false);
    });

  const toggleFund = (id: string, on: boolean) =>
    form.setValue(
      'fund_ids',
      on ? [...form.values.fund_ids, id] : form.values.fund_ids.filter((item) => item !== id),
    );

  return (
    <Card
      title={t('billing.page.title')}
      titleId="giving-page-title"
      testId="giving-page"
      actions={
        settings.enabled ? (
          <Badge colour="green">{t('billing.page.enabled')}</Badge>
        ) : (
          <Badge colour="gray">{t('billing.page.disabled')}</Badge>
        )
      }
    >
      <dl className="details">
        <dt>{t('billing.accounts.page_url')}</dt>
        <dd>
          <span className="inline-actions">
            <a href={settings.page_url} target="_blank" rel="noreferrer" className="break-anywhere">
              {settings.page_url}
            </a>
            <Button
              onClick={() => void copyText(settings.page_url)}
              aria-label={t('billing.accounts.copy_url')}
            >
              {t('common.copy')}
            </Button>
          </span>
        </dd>
        <dt>{t('billing.page.fields.presets')}</dt>
        <dd>{settings.presets.map((amount) => `£${amount}`).join(' · ')}</dd>
      </dl>
      {!editing ? (
        <Button
          onClick={() => {
            form.setValues(formValues(settings));
            setEditing(true);
          }}
        >
          {t('billing.page.edit')}
        </Button>
      ) : (
        <form
          aria-labelledby="giving-page-title"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <FormError message={form.generalError} />
          <div className="grid-2">
            <TextField
              form={form}
              name="slug"
              label={t('billing.page.fields.slug')}
              hint={t('billing.page.hints.slug')}
              maxLength={60}
              required
            />
            <TextField form={form} name="title" label={t('billing.page.fields.title')} />
          </div>
          <CheckboxField form={form} name="enabled" label={t('billing.page.fields.enabled')} />
          <TextField form={form} name="intro" label={t('billing.page.fields.intro')} multiline />
          <TextField
            form={form}
            name="presets"
            label={t('billing.page.fields.presets')}
            hint={t('billing.page.hints.presets')}
          />
          <FieldError messages={presetErrors.length > 0 ? presetErrors : undefined} />
          <div className="grid-2">
            <TextField
              form={form}
              name="min_amount"
              label={t('billing.page.fields.min_amount')}
              inputMode="numeric"
            />
            <TextField
              form={form}
              name="max_amount"
              label={t('billing.page.fields.max_amount')}
              inputMode="numeric"
            />
          </div>
          <fieldset className="fieldset" aria-describedby={fundsLegend}>
            <legend>{t('billing.page.fields.funds')}</legend>
            <p className="field-hint" id={fundsLegend}>
              {t('billing.page.hints.funds')}
            </p>
            {funds.isPending ? (
              <Spinner />
            ) : (
              (funds.data?.data ?? []).map((fund) => (
                <div className="field field--checkbox" key={fund.id}>
                  <input
                    id={`offered-${fund.id}`}
                    type="checkbox"
                    checked={form.values.fund_ids.includes(fund.id)}
                    onChange={(event) => toggleFund(fund.id, event.target.checked)}
                  />
                  <label htmlFor={`offered-${fund.id}`}>{fund.name}</label>
                </div>
              ))
            )}
            <FieldError messages={fundErrors.length > 0 ? fundErrors : undefined} />
          </fieldset>
          <CheckboxField
            form={form}
            name="cover_fees"
            label={t('billing.page.fields.cover_fees')}
          />
          <TextField
            form={form}
            name="thank_you"
            label={t('billing.page.fields.thank_you')}
            multiline
          />
          <div className="form-actions">
            <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
            <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
          </div>
        </form>
      )}
    </Card>
  );
}
