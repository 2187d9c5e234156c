import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { DataTable, type FilterDef } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { rolesApi } from '@/features/settings/roles/api';
import { usersApi, type ManagedUser } from './api';
import { userColumns } from './columns';
import { ChangeRolePanel, InviteUserPanel } from './UserPanels';

export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const { data: roles } = useQuery({ queryKey: ['roles'], queryFn: rolesApi.list });
  const roleNames = (roles?.data ?? []).map((role) => role.name);
  const columns = useMemo(() => userColumns(t, i18n.language), [t, i18n.language]);
  const filters: FilterDef[] = [
    {
      key: 'role',
      label: t('users.fields.role'),
      type: 'select',
      options: roleNames.map((name) => ({ value: name, label: name })),
    },
    {
      key: 'status',
      label: t('users.fields.status'),
      type: 'select',
      options: [
        { value: 'active', label: t('users.status.active') },
        { value: 'disabled', label: t('users.status.disabled') },
      ],
    },
  ];

  const refresh = () => client.invalidateQueries({ queryKey: ['table', 'users'] });
  const saved = (message: string) => {
    setInviting(false);
    setEditing(null);
    showToast({ type: 'success', title: t('common.success'), message });
    void refresh();
  };
  const toggleDisabled = async (user: ManagedUser) => {
    try {
      await usersApi.update(user.id, { disabled: !user.disabled });
      saved(user.disabled ? t('users.enabled') : t('users.disabled'));
    } catch (error) {
      // Other statuses were already reported by the global handler (spec §8).
      if (error instanceof ApiError && error.status === 422) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      }
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('settings.users'))}
        actions={
          <Button variant="primary" onClick={() => setInviting(true)}>
            {t('users.invite')}
          </Button>
        }
      />
      <DataTable<ManagedUser>
        table="users"
        endpoint={usersApi.endpoint}
        columns={columns}
        filters={filters}
        defaults={{ sortBy: 'created_at' }}
        rowActions={(user) => [
          { key: 'edit', label: t('users.change_role'), onClick: setEditing },
          {
            key: 'toggle',
            label: user.disabled ? t('users.enable') : t('users.disable'),
            onClick: (row) => void toggleDisabled(row),
            danger: !user.disabled,
          },
        ]}
      />
      {inviting && (
        <InviteUserPanel
          roles={roleNames}
          onClose={() => setInviting(false)}
          onSaved={() => saved(t('users.invited'))}
        />
      )}
      {editing && (
        <ChangeRolePanel
          roles={roleNames}
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => saved(t('users.role_changed'))}
        />
      )}
    </section>
  );
}
