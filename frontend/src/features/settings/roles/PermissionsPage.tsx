import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { routeTitleKey } from '@/config/paths';
import { rolesApi } from './api';

export default function PermissionsPage() {
  const { t } = useTranslation();
  const permissions = useQuery({ queryKey: ['permissions'], queryFn: rolesApi.permissions });
  return (
    <section>
      <PageHeader title={t(routeTitleKey('settings.permissions'))} />
      {permissions.isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll">
          <table>
            <thead>
              <tr>
                <th>{t('roles.fields.permission')}</th>
                <th>{t('roles.fields.description')}</th>
              </tr>
            </thead>
            <tbody>
              {(permissions.data?.data ?? []).map((permission) => (
                <tr key={permission.name}>
                  <td>
                    <code>{permission.name}</code>
                  </td>
                  <td>{t(`permissions.${permission.name}`, { defaultValue: permission.label })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </section>
  );
}
