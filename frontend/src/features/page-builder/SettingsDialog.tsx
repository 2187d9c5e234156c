import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { Modal } from '@/components/Modal';
import { formCall } from '@/lib/form-errors';
import { PAGE_LOCALES, pagesApi, type PageDetail, type PageLocale } from '@/features/landing/api';

interface SettingsValues extends Record<string, unknown> {
  title: string;
  slug: string;
  locale: PageLocale;
}

/** The page's title, address (slug) and language: PUT /api/pages/{id}. */
export function SettingsDialog({
  page,
  version,
  onSaved,
  onCancel,
}: {
  page: PageDetail;
  version: number;
  onSaved: (page: PageDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<SettingsValues>({ title: page.title, slug: page.slug, locale: page.locale });
  const submit = async () => {
    const saved = await form.submit((values) =>
      formCall(() =>
        pagesApi.settings(page.id, {
          title: values.title.trim(),
          slug: values.slug.trim(),
          locale: values.locale,
          version,
        }),
      ),
    );
    if (saved) onSaved(saved);
  };
  return (
    <Modal title={t('page_builder.settings.title')}>
      <form
        noValidate
        data-testid="page-settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="title"
          label={t('landing.fields.title')}
          maxLength={120}
          required
        />
        <TextField
          form={form}
          name="slug"
          label={t('landing.fields.slug')}
          maxLength={60}
          hint={t('page_builder.settings.slug_hint')}
          required
        />
        <SelectField
          form={form}
          name="locale"
          label={t('landing.fields.locale')}
          options={PAGE_LOCALES.map((value) => ({ value, label: t(`landing.locale.${value}`) }))}
        />
        <div className="form-actions">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
