import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { StatTiles } from '@/components/StatTiles';
import { pathFor } from '@/config/paths';
import { signedMoney } from '@/features/funds/FundPage';
import { useUser } from '@/lib/auth-store';
import { formatDate, formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { projectKeys, projectsApi } from './api';
import { StatusBadge } from './ProjectsPage';

// One of the API's page sizes (functions/core/pagination.py PAGE_SIZES).
const PAGE = 20;

/** A project's page (/fund-management/p/:id): its figures, budget against actual per expense
 * type, its image, and its donations and expenses newest first — two calls (the project, a page
 * of its ledger lines). */
export default function ProjectPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser();
  const canEdit = can(user, 'manage-projects');
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const project = useQuery({
    queryKey: projectKeys.one(id),
    queryFn: () => projectsApi.show(id),
    staleTime: 0,
  });
  const lines = useQuery({
    queryKey: projectKeys.lines(id, cursor),
    queryFn: () => projectsApi.lines(id, cursor, PAGE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (project.isPending || !project.data) return <Spinner />;
  const data = project.data;
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const next = lines.data?.meta.next_cursor;
  return (
    <section>
      <PageHeader
        title={data.name}
        actions={
          <>
            <ButtonLink to={pathFor('fund-management.fund', { id: data.fund_id })}>
              {t('projects.back_to_fund', { name: data.fund_name ?? '' })}
            </ButtonLink>
            {canEdit && (
              <ButtonLink variant="primary" to={pathFor('projects.edit', { id })}>
                {t('table.edit')}
              </ButtonLink>
            )}
          </>
        }
      />
      <p>
        <StatusBadge status={data.status} />{' '}
        {(data.start_date || data.end_date) && (
          <span className="muted">
            {data.start_date ? formatDate(data.start_date, i18n.language) : '…'} –{' '}
            {data.end_date ? formatDate(data.end_date, i18n.language) : '…'}
          </span>
        )}
      </p>
      {data.image_url && (
        <img
          src={data.image_url}
          alt={t('projects.image_of', { name: data.name })}
          className="project-image"
        />
      )}
      {data.description && <p>{data.description}</p>}
      <StatTiles
        label={t('projects.tiles_label', { name: data.name })}
        tiles={[
          { key: 'raised', label: t('projects.figures.raised'), value: money(data.raised) },
          { key: 'gift_aid', label: t('projects.figures.gift_aid'), value: money(data.gift_aid) },
          { key: 'spent', label: t('projects.figures.spent'), value: money(data.spent) },
          { key: 'balance', label: t('projects.figures.balance'), value: money(data.balance) },
          ...(data.budget
            ? [{ key: 'budget', label: t('projects.fields.budget'), value: money(data.budget) }]
            : []),
        ]}
      />
      <h2>{t('projects.budget_by_type')}</h2>
      <Card as="div" className="table-scroll" testId="project-budget">
        {data.budget_by_type.length === 0 ? (
          <p className="muted">{t('projects.no_budget_by_type')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>{t('projects.expense_type')}</th>
                <th className="money">{t('projects.fields.budget')}</th>
                <th className="money">{t('projects.figures.spent')}</th>
                <th>{t('projects.progress')}</th>
              </tr>
            </thead>
            <tbody>
              {data.budget_by_type.map((row) => (
                <tr key={row.expense_type_id}>
                  <td>{row.name ?? row.expense_type_id}</td>
                  <td className="money">{row.budget ? money(row.budget) : t('common.none')}</td>
                  <td className="money">{money(row.spent)}</td>
                  <td>
                    {row.percent !== null ? (
                      <>
                        <progress
                          max={100}
                          value={Math.min(100, row.percent)}
                          aria-label={t('projects.used_of', { name: row.name ?? '' })}
                        />{' '}
                        {t('projects.percent_used', { percent: row.percent })}
                      </>
                    ) : (
                      <span className="muted">{t('projects.no_budget')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <h2>{t('projects.lines_title')}</h2>
      <Card as="div" className="table-scroll" testId="project-lines">
        <table>
          <thead>
            <tr>
              <th>{t('funds.ledger.date')}</th>
              <th>{t('funds.ledger.kind')}</th>
              <th className="money">{t('funds.ledger.amount')}</th>
              <th>{t('funds.ledger.source')}</th>
              <th>{t('funds.ledger.user')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.data && lines.data.data.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {t('projects.lines_empty')}
                </td>
              </tr>
            )}
            {(lines.data?.data ?? []).map((line) => (
              <tr key={line.id}>
                <td>{formatDate(line.date, i18n.language)}</td>
                <td>{t(`funds.kinds.${line.kind}`)}</td>
                <td className="money">{signedMoney(line.amount)}</td>
                <td>
                  {line.source_type === 'donation' && line.source_id ? (
                    <Link to={pathFor('donations.show', { id: line.source_id })}>
                      {t('funds.ledger.donation')}
                    </Link>
                  ) : line.source_type ? (
                    t(`funds.sources.${line.source_type}`, line.source_type)
                  ) : (
                    ''
                  )}
                </td>
                <td>
                  {line.user_id && line.user_id === user?.id
                    ? t('funds.ledger.you')
                    : (line.user_name ?? '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <div className="form-actions">
        <Button disabled={cursors.length < 2} onClick={() => setCursors((all) => all.slice(0, -1))}>
          {t('table.previous')}
        </Button>
        <Button disabled={!next} onClick={() => next && setCursors((all) => [...all, next])}>
          {t('table.next')}
        </Button>
      </div>
    </section>
  );
}
