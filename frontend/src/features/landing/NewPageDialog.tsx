import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { Modal } from '@/components/Modal';
import { PAGE_TYPES, pageKeys, pagesApi, type PageDetail, type PageType } from './api';

interface NewPageValues extends Record<string, unknown> {
  title: string;
  type: PageType;
  template: string;
}

/** "New page": a title, a type and a template (GET /api/pages/templates) → the new draft. */
export function NewPageDialog({
  onCreated,
  onCancel,
}: {
  onCreated: (page: PageDetail) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const templates = useQuery({
    queryKey: pageKeys.templates(i18n.language),
    queryFn: pagesApi.templates,
  });
  const form = useForm<NewPageValues>({ title: '', type: 'donation', template: 'blank' });
  const offered = (templates.data?.data ?? []).filter(
    (template) => template.id === 'blank' || template.type === form.values.type,
  );
  const chosen = offered.find((template) => template.id === form.values.template);

  const submit = async () => {
    const created = await form.submit((values) =>
      pagesApi.create({ title: values.title.trim(), type: values.type, template: values.template }),
    );
    if (created) onCreated(created);
  };

  return (
    <Modal title={t('landing.new.title')}>
      <form
        data-testid="new-page-form"
        noValidate
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
          required
          maxLength={120}
        />
        <SelectField
          form={form}
          name="type"
          label={t('landing.fields.type')}
          options={PAGE_TYPES.map((value) => ({ value, label: t(`landing.type.${value}`) }))}
        />
        <SelectField
          form={form}
          name="template"
          label={t('landing.fields.template')}
          options={offered.map((template) => ({ value: template.id, label: template.title }))}
          hint={chosen?.description}
        />
        <div className="form-actions">
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('landing.new.create')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
