import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useEditedRecord } from '@/lib/useEditedRecord';
import { projectKeys, projectsApi } from './api';
import { ProjectForm } from './ProjectForm';

export default function ProjectEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { record, formKey, reload } = useEditedRecord(projectKeys.one(id), () =>
    projectsApi.show(id),
  );
  return (
    <section>
      <PageHeader title={t(routeTitleKey('projects.edit'))} />
      {!record ? (
        <Spinner />
      ) : (
        <ProjectForm
          key={formKey}
          project={record}
          onSaved={(saved) => {
            showToast({
              type: 'success',
              title: t('common.success'),
              message: t('projects.saved'),
            });
            client.setQueryData(projectKeys.one(id), saved);
            void client.invalidateQueries({ queryKey: projectKeys.all });
            navigate(pathFor('fund-management.project', { id }));
          }}
          onCancel={() => navigate(pathFor('projects'))}
          onReload={() => void reload()}
        />
      )}
    </section>
  );
}
