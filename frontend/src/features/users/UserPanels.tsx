import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { usersApi, type ManagedUser } from './api';

interface PanelProps {
  roles: string[];
  onClose: () => void;
  onSaved: () => void;
}

export function InviteUserPanel({ roles, onClose, onSaved }: PanelProps) {
  const { t } = useTranslation();
  const form = useForm({ name: '', email: '', role: roles[0] ?? '' });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit(usersApi.invite)) onSaved();
  };
  return (
    <SidePanel open title={t('users.invite')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t('users.invite_intro')}</p>
        <FormError message={form.generalError} />
        <TextField form={form} name="name" label={t('users.fields.name')} required />
        <TextField form={form} name="email" type="email" label={t('users.fields.email')} required />
        <SelectField
          form={form}
          name="role"
          label={t('users.fields.role')}
          options={roles.map((role) => ({ value: role, label: role }))}
          required
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('users.send_invite')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}

export function ChangeRolePanel({
  roles,
  user,
  onClose,
  onSaved,
}: PanelProps & { user: ManagedUser }) {
  const { t } = useTranslation();
  const form = useForm({ role: user.role });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit((values) => usersApi.update(user.id, values))) onSaved();
  };
  return (
    <SidePanel open title={t('users.change_role_for', { name: user.name })} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormError message={form.generalError} />
        <SelectField
          form={form}
          name="role"
          label={t('users.fields.role')}
          options={roles.map((role) => ({ value: role, label: role }))}
          required
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
