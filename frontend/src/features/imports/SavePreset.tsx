import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { showToast } from '@/components/toasts/store';
import { ApiError } from '@/lib/api-client';
import { importKeys, importsApi, type Mapping, type Preset } from './api';

/** "Save mapping as…": the current mapping under a name, offered as a preset next time. */
export function SavePreset({
  mapping,
  onSaved,
}: {
  mapping: Mapping;
  onSaved: (preset: Preset) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm({ name: '' });

  if (!open) {
    return <Button onClick={() => setOpen(true)}>{t('imports.presets.save_as')}</Button>;
  }
  const close = () => {
    form.reset();
    setOpen(false);
  };
  return (
    <Card
      as="form"

      testId="save-preset"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (values) => {
          const name = values.name.trim();
          if (!name) {
            const message = t('imports.presets.name_required');
            throw new ApiError(422, { message, errors: { name: [message] } });
          }
          const preset = await importsApi.savePreset(name, mapping);
          showToast({ type: 'success', title: t('imports.presets.saved_as', { name }) });
          await client.invalidateQueries({ queryKey: importKeys.presets });
          onSaved(preset);
          close();
        });
      }}
    >
      <FormError message={form.generalError} />
      <TextField
        form={form}
        name="name"
        label={t('imports.presets.name')}
        hint={t('imports.presets.name_hint')}
        required
        maxLength={100}
      />
      <div className="form-actions">
        <Button onClick={close}>{t('common.cancel')}</Button>
        <SubmitButton processing={form.processing}>{t('imports.presets.save')}</SubmitButton>
      </div>
    </Card>
  );
}
