import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { projectKeys } from './api';
import { ProjectForm } from './ProjectForm';

export default function ProjectAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <section>
      <PageHeader title={t(routeTitleKey('projects.add'))} />
      <ProjectForm
        project={null}
        onSaved={(saved) => {
          showToast({ type: 'success', title: t('common.success'), message: t('projects.saved') });
          client.setQueryData(projectKeys.one(saved.id), saved);
          void client.invalidateQueries({ queryKey: projectKeys.all });
          navigate(pathFor('fund-management.project', { id: saved.id }));
        }}
        onCancel={() => navigate(pathFor('projects'))}
      />
    </section>
  );
}
