import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FieldError, FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { rolesApi, type Permission, type Role } from './api';
import { PermissionChecklist } from './PermissionChecklist';

interface Props {
  role: Role | null;
  permissions: Permission[];
  onClose: () => void;
  onSaved: () => void;
}

export function RolePanel({ role, permissions, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useForm({ name: role?.name ?? '', permissions: role?.permissions ?? [] });
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit((values) =>
      role ? rolesApi.update(role.id, values) : rolesApi.create(values),
    );
    if (saved) onSaved();
  };
  return (
    <SidePanel open title={role ? t('roles.edit') : t('roles.create')} onClose={onClose}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormError message={form.generalError} />
        <TextField form={form} name="name" label={t('roles.fields.name')} required />
        <PermissionChecklist
          permissions={permissions}
          selected={form.values.permissions}
          onChange={(selected) => form.setValue('permissions', selected)}
        />
        <FieldError messages={form.errors.permissions} />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
