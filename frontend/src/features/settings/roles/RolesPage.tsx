import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { rolesApi, type Role } from './api';
import { RolePanel } from './RolePanel';

export default function RolesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const roles = useQuery({ queryKey: ['roles'], queryFn: rolesApi.list });
  const permissions = useQuery({ queryKey: ['permissions'], queryFn: rolesApi.permissions });
  const [editing, setEditing] = useState<Role | null | 'new'>(null);

  const refresh = () => client.invalidateQueries({ queryKey: ['roles'] });
  const remove = async (role: Role) => {
    if (!window.confirm(t('roles.confirm_delete', { name: role.name }))) return;
    try {
      await rolesApi.remove(role.id);
      showToast({ type: 'success', title: t('common.success'), message: t('roles.deleted') });
      void refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      }
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('settings.roles'))}
        actions={
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('roles.create')}
          </Button>
        }
      />
      {roles.isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('roles.fields.name')}</th>
                <th>{t('roles.fields.permissions')}</th>
                <th>{t('roles.fields.users_count')}</th>
                <th>{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {(roles.data?.data ?? []).map((role) => (
                <tr key={role.id}>
                  <td>
                    {role.name} {role.system && <Badge colour="gray">{t('roles.system')}</Badge>}
                  </td>
                  <td>{role.permissions.length}</td>
                  <td>{role.users_count}</td>
                  <td className="row-actions">
                    <Link to={pathFor('settings.roles.permissions', { id: role.id })}>
                      {t('roles.assign')}
                    </Link>
                    {!role.system && (
                      <>
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => setEditing(role)}
                        >
                          {t('table.edit')}
                        </button>
                        <button
                          type="button"
                          className="link-button link-button--danger"
                          onClick={() => void remove(role)}
                        >
                          {t('table.delete')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing && (
        <RolePanel
          role={editing === 'new' ? null : editing}
          permissions={permissions.data?.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast({ type: 'success', title: t('common.success'), message: t('roles.saved') });
            void refresh();
          }}
        />
      )}
    </section>
  );
}
