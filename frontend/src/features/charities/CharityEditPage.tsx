import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CheckboxField, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useEditedRecord } from '@/lib/useEditedRecord';
import { charitiesApi, charityKeys, type Charity } from './api';

interface Values {
  [key: string]: unknown;
  name: string;
  registration_number: string;
  phone: string;
  country: string;
  disabled: boolean;
}

function CharityForm({ charity, onReload }: { charity: Charity; onReload: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    name: charity.name,
    registration_number: charity.registration_number ?? '',
    phone: charity.phone ?? '',
    country: charity.country ?? 'GB',
    disabled: charity.disabled,
  });
  const show = pathFor('charities.show', { id: charity.id });
  const save = async () => {
    setConfirming(false);
    const saved = await form.submit((values) =>
      charitiesApi.update(charity.id, {
        name: values.name.trim(),
        registration_number: values.registration_number.trim() || null,
        phone: values.phone.trim() || null,
        country: values.country.trim().toUpperCase(),
        disabled: values.disabled,
        version: charity.version,
      }),
    );
    if (!saved) return;
    client.setQueryData(charityKeys.one(charity.id), saved);
    void client.invalidateQueries({ queryKey: ['table', 'charities'] });
    void client.invalidateQueries({ queryKey: ['charities', 'overview'] });
    showToast({ type: 'success', title: t('common.success'), message: t('charities.saved') });
    navigate(show);
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // Disabling signs every user of the charity out: say so before doing it.
    if (form.values.disabled && !charity.disabled) setConfirming(true);
    else void save();
  };
  return (
    <>
      <Card as="form" className="form-card" onSubmit={onSubmit} noValidate>
        <FormError message={form.generalError} />
        {form.generalError && (
          <p>
            <Button onClick={onReload}>{t('charities.reload')}</Button>
          </p>
        )}
        <TextField
          form={form}
          name="name"
          label={t('charities.fields.name')}
          required
          maxLength={160}
        />
        <TextField
          form={form}
          name="registration_number"
          label={t('charities.fields.registration_number')}
          maxLength={20}
        />
        <TextField
          form={form}
          name="phone"
          type="tel"
          label={t('charities.fields.phone')}
          maxLength={30}
        />
        <TextField
          form={form}
          name="country"
          label={t('charities.fields.country')}
          hint={t('charities.country_hint')}
          required
          maxLength={2}
        />
        <CheckboxField
          form={form}
          name="disabled"
          label={t('charities.fields.disabled')}
          hint={t('charities.disabled_hint')}
        />
        <div className="form-actions">
          <Button onClick={() => navigate(show)}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </Card>
      {confirming && (
        <ConfirmDialog
          title={t('charities.disable_title', { name: charity.name })}
          confirmLabel={t('charities.disable_confirm')}
          danger
          onConfirm={() => void save()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('charities.disable_text', { count: charity.users_count })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Platform administrators: edit a charity's name, registration, contact and whether it is
 * disabled (its users can no longer sign in). */
export default function CharityEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const {
    record: charity,
    formKey,
    reload,
  } = useEditedRecord(charityKeys.one(id), () => charitiesApi.get(id));
  return (
    <section>
      <PageHeader title={t(routeTitleKey('charities.edit'))} />
      {!charity ? (
        <Spinner />
      ) : (
        <CharityForm key={formKey} charity={charity} onReload={() => void reload()} />
      )}
    </section>
  );
}
