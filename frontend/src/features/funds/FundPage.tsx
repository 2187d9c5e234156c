import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { StatTiles } from '@/components/StatTiles';
import { pathFor } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { formatDate, formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { fundKeys, fundsApi, type LedgerLine } from './api';

// One of the API's page sizes (functions/core/pagination.py PAGE_SIZES).
const PAGE = 20;

/** A ledger line's amount with its sign: money in "+£10.00", money out "−£10.00". */
export function signedMoney(amount: string): string {
  const value = Number(amount);
  return `${value < 0 ? '−' : '+'}${formatMoney(Math.abs(value))}`;
}

function Source({ line }: { line: LedgerLine }) {
  const { t } = useTranslation();
  if (line.source_type === 'donation' && line.source_id) {
    return (
      <Link to={pathFor('donations.show', { id: line.source_id })}>
        {t('funds.ledger.donation')}
      </Link>
    );
  }
  if (line.other_fund_id) {
    return (
      <Link to={pathFor('fund-management.fund', { id: line.other_fund_id })}>
        {t(line.kind === 'transfer_in' ? 'funds.ledger.from_fund' : 'funds.ledger.to_fund')}
      </Link>
    );
  }
  return <>{line.source_type ? t(`funds.sources.${line.source_type}`, line.source_type) : ''}</>;
}

/** A fund's page: its class, balance and goal, and its ledger newest first, one call a page
 * (the API's cursor; "Newer" goes back through the cursors already seen). */
export default function FundPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, isPending } = useQuery({
    queryKey: fundKeys.ledger(id, cursor),
    queryFn: () => fundsApi.ledger(id, cursor, PAGE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (isPending || !data) return <Spinner />;
  const { fund } = data;
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const next = data.meta.next_cursor;
  return (
    <section>
      <PageHeader
        title={fund.name}
        actions={
          <>
            {can(user, 'manage-projects') && (
              <ButtonLink to={pathFor('projects')}>{t('funds.projects_link')}</ButtonLink>
            )}
            <ButtonLink to={pathFor('fund-management')}>{t('funds.back')}</ButtonLink>
          </>
        }
      />
      <p>
        <Badge colour={fund.restricted ? 'amber' : 'blue'}>
          {t(`funds.classes.${fund.fund_class}`)}
        </Badge>{' '}
        {fund.archived && <Badge colour="gray">{t('funds.status.archived')}</Badge>}{' '}
        {fund.finance_code && (
          <span className="muted">
            {t('funds.fields.finance_code')}: {fund.finance_code}
          </span>
        )}
      </p>
      {fund.description && <p>{fund.description}</p>}
      <StatTiles
        label={t('funds.tiles_label', { name: fund.name })}
        tiles={[
          { key: 'balance', label: t('funds.fields.balance'), value: money(fund.balance) },
          ...(fund.goal
            ? [{ key: 'goal', label: t('funds.fields.goal'), value: money(fund.goal) }]
            : []),
          { key: 'lines', label: t('funds.ledger.count'), value: String(fund.lines) },
        ]}
      />
      <h2>{t('funds.ledger.title')}</h2>
      <Card as="div" className="table-scroll" testId="fund-ledger">
        <table>
          <thead>
            <tr>
              <th>{t('funds.ledger.date')}</th>
              <th>{t('funds.ledger.kind')}</th>
              <th className="money">{t('funds.ledger.amount')}</th>
              <th>{t('funds.ledger.source')}</th>
              <th>{t('funds.ledger.user')}</th>
              <th>{t('funds.ledger.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.length === 0 && (
              <tr>
                <td colSpan={6} className="muted">
                  {t('funds.ledger.empty')}
                </td>
              </tr>
            )}
            {data.data.map((line) => (
              <tr key={line.id}>
                <td>{formatDate(line.date, i18n.language)}</td>
                <td>{t(`funds.kinds.${line.kind}`)}</td>
                <td className="money">{signedMoney(line.amount)}</td>
                <td>
                  <Source line={line} />
                </td>
                <td>
                  {line.user_id && line.user_id === user?.id
                    ? t('funds.ledger.you')
                    : (line.user_name ?? '')}
                </td>
                <td>
                  {line.reason ? t(`funds.reasons.${line.reason}`, line.reason) : ''}
                  {line.note ? <div className="muted">{line.note}</div> : null}
                  {line.evidence_url ? (
                    <div>
                      <a href={line.evidence_url} rel="noopener">
                        {t('funds.ledger.evidence')}
                      </a>
                    </div>
                  ) : null}
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
