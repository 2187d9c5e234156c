import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import {
  PROJECT_STATUSES,
  projectKeys,
  projectsApi,
  type ProjectStatus,
  type ProjectSummary,
} from './api';

const STATUS_COLOURS: Record<ProjectStatus, 'blue' | 'green' | 'gray' | 'yellow'> = {
  planned: 'blue',
  active: 'green',
  completed: 'yellow',
  archived: 'gray',
};

export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  return <Badge colour={STATUS_COLOURS[status]}>{t(`projects.status.${status}`)}</Badge>;
}

/** /projects: every project with its fund, status, budget and money (one call), filtered by
 * status; each links to its page and its edit form. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState('all');
  const { data, isPending } = useQuery({
    queryKey: projectKeys.list(status),
    queryFn: () => projectsApi.list(status),
  });
  const projects = data?.data ?? [];
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (project: ProjectSummary) => {
    setBusy(true);
    try {
      const answer = await projectsApi.remove(project.id);
      showToast({ type: 'success', title: t('common.success'), message: answer.message });
      void client.invalidateQueries({ queryKey: projectKeys.all });
    } catch (error) {
      if (error instanceof ApiError) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      }
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };
  const money = (amount: string | null) =>
    amount === null ? t('common.none') : formatMoney(amount, i18n.language);
  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('projects'))}
        actions={
          <ButtonLink variant="primary" to={pathFor('projects.add')}>
            {t('projects.add')}
          </ButtonLink>
        }
      />
      <div className="field">
        <label htmlFor="project-status-filter">{t('projects.filter')}</label>
        <select
          id="project-status-filter"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          <option value="all">{t('projects.all')}</option>
          {PROJECT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`projects.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll" testId="projects-table">
          <table>
            <thead>
              <tr>
                <th>{t('projects.fields.name')}</th>
                <th>{t('projects.fields.fund')}</th>
                <th>{t('projects.fields.status')}</th>
                <th className="money">{t('projects.fields.budget')}</th>
                <th className="money">{t('projects.figures.raised')}</th>
                <th className="money">{t('projects.figures.spent')}</th>
                <th className="money">{t('projects.figures.balance')}</th>
                <th>{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {projects.length === 0 && (
                <tr>
                  <td colSpan={8} className="muted">
                    {t('projects.empty')}
                  </td>
                </tr>
              )}
              {projects.map((project) => (
                <tr key={project.id} data-testid={`project-row-${project.id}`}>
                  <td>
                    <Link to={pathFor('fund-management.project', { id: project.id })}>
                      {project.name}
                    </Link>
                  </td>
                  <td>
                    <Link to={pathFor('fund-management.fund', { id: project.fund_id })}>
                      {project.fund_name ?? project.fund_id}
                    </Link>
                  </td>
                  <td>
                    <StatusBadge status={project.status} />
                  </td>
                  <td className="money">{money(project.budget)}</td>
                  <td className="money">{money(project.raised)}</td>
                  <td className="money">{money(project.spent)}</td>
                  <td className="money">{money(project.balance)}</td>
                  <td className="row-actions">
                    <Link to={pathFor('projects.edit', { id: project.id })}>{t('table.edit')}</Link>
                    {project.lines === 0 && (
                      <button
                        type="button"
                        className="link-button link-button--danger"
                        onClick={() => setDeleting(project)}
                      >
                        {t('table.delete')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('projects.confirm_delete_title')}
          confirmLabel={t('table.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('projects.confirm_delete', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
