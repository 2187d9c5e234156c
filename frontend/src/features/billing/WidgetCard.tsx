import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { FieldError, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { copyText } from '@/lib/clipboard';
import { billingApi, billingKeys, type PublishedPageRow } from './api';

export type WidgetMode = 'inline' | 'button';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The snippet a charity pastes into its website (issue 17 item 9, ADR 0025): the loader, the
 * element, and a plain link for browsers without JavaScript. */
export function widgetEmbedCode(
  origin: string,
  page: Pick<PublishedPageRow, 'title' | 'public_url'>,
  mode: WidgetMode,
): string {
  const address = page.public_url.replace(/^\/p\//, '');
  const link = `${origin}${page.public_url}`;
  // A button says which appeal it opens (the widget's button and its dialog's frame take `label`).
  const label = mode === 'button' ? ` label="${escapeHtml(page.title)}"` : '';
  return [
    `<script src="${origin}/widget.js" async></script>`,
    `<almoner-donate page="${escapeHtml(address)}" mode="${mode}"${label}></almoner-donate>`,
    `<noscript><a href="${escapeHtml(link)}">${escapeHtml(page.title)}</a></noscript>`,
  ].join('\n');
}

/** "one per line" → the list the API takes (blank lines dropped). */
export function parseOrigins(text: string): string[] {
  return text
    .split(/[\n,\s]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Website Integration's donation widget: the websites allowed to embed the charity's published
 * pages, and each published page's embed code. */
export function WidgetCard({ origin = window.location.origin }: { origin?: string }) {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: billingKeys.embed, queryFn: billingApi.embedSettings });
  const pages = useQuery({
    queryKey: billingKeys.publishedPages,
    queryFn: billingApi.publishedPages,
  });
  return (
    <Card title={t('billing.widget.title')} titleId="widget-title" testId="widget">
      <p>{t('billing.widget.intro')}</p>
      {settings.isPending ? (
        <Spinner />
      ) : (
        settings.data && <AllowList origins={settings.data.origins} />
      )}
      <h3>{t('billing.widget.pages')}</h3>
      {pages.isPending ? (
        <Spinner />
      ) : (pages.data?.data ?? []).length === 0 ? (
        <p className="field-hint">{t('billing.widget.no_pages')}</p>
      ) : (
        (pages.data?.data ?? []).map((page) => (
          <PageEmbed key={page.id} page={page} origin={origin} />
        ))
      )}
    </Card>
  );
}

function AllowList({ origins }: { origins: string[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useForm<{ [key: string]: unknown; origins: string }>({
    origins: origins.join('\n'),
  });
  const typed = parseOrigins(form.values.origins);
  const lineErrors = Object.entries(form.errors)
    .filter(([key]) => key === 'origins' || key.startsWith('origins.'))
    .flatMap(([key, messages]) => {
      const index = Number(key.split('.')[1]);
      return Number.isInteger(index)
        ? messages.map((message) => `${typed[index] ?? ''}: ${message}`)
        : messages;
    });
  const save = () =>
    form.submit(async (values) => {
      const saved = await billingApi.saveEmbedSettings(parseOrigins(values.origins));
      client.setQueryData(billingKeys.embed, saved);
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t('billing.widget.saved'),
      });
      setEditing(false);
    });

  if (!editing) {
    return (
      <>
        <dl className="details">
          <dt>{t('billing.widget.origins')}</dt>
          <dd data-testid="widget-origins">
            {origins.length > 0 ? origins.join(', ') : t('billing.widget.no_origins')}
          </dd>
        </dl>
        <Button
          onClick={() => {
            form.setValues({ origins: origins.join('\n') });
            setEditing(true);
          }}
        >
          {t('billing.widget.edit')}
        </Button>
      </>
    );
  }
  return (
    <form
      aria-labelledby="widget-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {lineErrors.length === 0 && <FormError message={form.generalError} />}
      <TextField
        form={form}
        name="origins"
        label={t('billing.widget.origins')}
        hint={t('billing.widget.origins_hint')}
        multiline
      />
      <FieldError messages={lineErrors.length > 0 ? lineErrors : undefined} />
      <div className="form-actions">
        <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}

function PageEmbed({ page, origin }: { page: PublishedPageRow; origin: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<WidgetMode>('inline');
  const codeId = useId();
  const modeId = useId();
  const code = widgetEmbedCode(origin, page, mode);
  return (
    <div className="field" data-testid={`widget-page-${page.slug}`}>
      <label htmlFor={codeId}>{t('billing.widget.code_for', { title: page.title })}</label>
      <textarea id={codeId} readOnly rows={4} value={code} />
      <div className="form-actions">
        <label htmlFor={modeId}>{t('billing.widget.mode')}</label>
        <select
          id={modeId}
          value={mode}
          onChange={(event) => setMode(event.target.value as WidgetMode)}
        >
          <option value="inline">{t('billing.widget.modes.inline')}</option>
          <option value="button">{t('billing.widget.modes.button')}</option>
        </select>
        <Button
          onClick={() => void copyText(code)}
          aria-label={t('billing.widget.copy', { title: page.title })}
        >
          {t('common.copy')}
        </Button>
      </div>
    </div>
  );
}
