import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Card } from '@/components/Card';
import { FieldError, FormError, SubmitButton, useForm } from '@/components/forms';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { rolesApi, type Role } from './api';
import { PermissionChecklist } from './PermissionChecklist';

function AssignForm({ role }: { role: Role }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const permissions = useQuery({ queryKey: ['permissions'], queryFn: rolesApi.permissions });
  const form = useForm({ permissions: role.permissions });
  const [savedOnce, setSavedOnce] = useState(false);
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (await form.submit((values) => rolesApi.assign(role.id, values.permissions))) {
      setSavedOnce(true);
      showToast({ type: 'success', title: t('common.success'), message: t('roles.saved') });
      void client.invalidateQueries({ queryKey: ['roles'] });
    }
  };
  return (
    <Card as="form" className="form-card" onSubmit={(event) => void onSubmit(event)}>
      <h2>{t('roles.assign_for', { name: role.name })}</h2>
      <FormError message={form.generalError} />
      {permissions.isPending ? (
        <Spinner />
      ) : (
        <PermissionChecklist
          permissions={permissions.data?.data ?? []}
          selected={form.values.permissions}
          onChange={(selected) => form.setValue('permissions', selected)}
          disabled={role.system && role.name === 'owner'}
        />
      )}
      <FieldError messages={form.errors.permissions} />
      <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
      {savedOnce && form.recentlySuccessful && <span className="muted"> {t('common.saved')}</span>}
    </Card>
  );
}

export default function RolePermissionsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const roles = useQuery({ queryKey: ['roles'], queryFn: rolesApi.list });
  const role = roles.data?.data.find((item) => item.id === id);
  return (
    <section>
      <PageHeader title={t(routeTitleKey('settings.roles.permissions'))} />
      {roles.isPending && <Spinner />}
      {!roles.isPending && !role && <EmptyState title={t('roles.not_found')} />}
      {role && <AssignForm key={role.id} role={role} />}
    </section>
  );
}
