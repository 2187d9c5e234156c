import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { Button, ButtonLink } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ApiError, reportApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { fundKeys, fundsApi, type Fund } from './api';
import { FundPanel } from './FundPanel';
import { TransferPanel } from './TransferPanel';

/** Goal progress as a whole percentage (0 when no goal). */
export function goalPercent(fund: Fund): number {
  const goal = Number(fund.goal ?? 0);
  if (!(goal > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((Number(fund.balance) / goal) * 100)));
}

type Pending = { fund: Fund; action: 'archive' | 'restore' | 'delete' } | null;

/** /fund-management: every fund with its class, finance code, balance and goal (one call);
 * create, edit, archive, restore, delete (only a fund without ledger lines) and transfer. */
export default function FundsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const { data, isPending } = useQuery({ queryKey: fundKeys.list, queryFn: fundsApi.list });
  const [editing, setEditing] = useState<Fund | 'new' | null>(null);
  const [transferFrom, setTransferFrom] = useState<Fund | 'any' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const funds = data?.data ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: fundKeys.all });
  const money = (amount: string) => formatMoney(amount, i18n.language);

  const act = async ({ fund, action }: NonNullable<Pending>) => {
    setBusy(true);
    try {
      if (action === 'delete') await fundsApi.remove(fund.id);
      else if (action === 'archive') await fundsApi.archive(fund.id);
      else await fundsApi.restore(fund.id);
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t(`funds.done.${action}`),
      });
      void refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('fund-management'))}
        actions={
          <>
            {can(user, 'manage-projects') && (
              <ButtonLink to={pathFor('projects')}>{t('funds.projects_link')}</ButtonLink>
            )}
            <ButtonLink to={pathFor('fund-management.statement')}>
              {t('funds.statement.link')}
            </ButtonLink>
            <ButtonLink to={pathFor('fund-management.expenses')}>
              {t(routeTitleKey('fund-management.expenses'))}
            </ButtonLink>
            <Button onClick={() => setTransferFrom('any')} disabled={funds.length < 2}>
              {t('funds.transfer.open')}
            </Button>
            <Button variant="primary" onClick={() => setEditing('new')}>
              {t('funds.add')}
            </Button>
          </>
        }
      />
      {isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll" testId="funds-table">
          <table>
            <thead>
              <tr>
                <th>{t('funds.fields.name')}</th>
                <th>{t('funds.fields.fund_class')}</th>
                <th>{t('funds.fields.finance_code')}</th>
                <th className="money">{t('funds.fields.balance')}</th>
                <th>{t('funds.fields.goal')}</th>
                <th>{t('funds.fields.status')}</th>
                <th>{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {funds.map((fund) => (
                <tr key={fund.id} data-testid={`fund-row-${fund.id}`}>
                  <td>
                    <Link to={pathFor('fund-management.fund', { id: fund.id })}>{fund.name}</Link>
                    {fund.default && (
                      <>
                        {' '}
                        <Badge colour="blue">{t('funds.default')}</Badge>
                      </>
                    )}
                  </td>
                  <td>{t(`funds.classes.${fund.fund_class}`)}</td>
                  <td>{fund.finance_code ?? ''}</td>
                  <td className="money" data-testid="fund-balance">
                    {money(fund.balance)}
                  </td>
                  <td>
                    {fund.goal ? (
                      <>
                        <progress
                          max={100}
                          value={goalPercent(fund)}
                          aria-label={t('funds.goal_progress', { name: fund.name })}
                        />{' '}
                        {t('funds.goal_of', { percent: goalPercent(fund), goal: money(fund.goal) })}
                      </>
                    ) : (
                      <span className="muted">{t('common.none')}</span>
                    )}
                  </td>
                  <td>
                    {fund.archived ? (
                      <Badge colour="gray">{t('funds.status.archived')}</Badge>
                    ) : fund.active ? (
                      <Badge colour="green">{t('funds.status.active')}</Badge>
                    ) : (
                      <Badge colour="yellow">{t('funds.status.inactive')}</Badge>
                    )}
                  </td>
                  <td className="row-actions">
                    <button type="button" className="link-button" onClick={() => setEditing(fund)}>
                      {t('table.edit')}
                    </button>
                    {!fund.archived && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setTransferFrom(fund)}
                      >
                        {t('funds.transfer.open')}
                      </button>
                    )}
                    {fund.default ? (
                      <span className="muted">{t('funds.default_locked')}</span>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="link-button"
                          onClick={() =>
                            setPending({ fund, action: fund.archived ? 'restore' : 'archive' })
                          }
                        >
                          {t(fund.archived ? 'funds.restore' : 'funds.archive')}
                        </button>
                        {fund.lines === 0 && (
                          <button
                            type="button"
                            className="link-button link-button--danger"
                            onClick={() => setPending({ fund, action: 'delete' })}
                          >
                            {t('table.delete')}
                          </button>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            {data && (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('funds.total')}
                  </th>
                  <td className="money" data-testid="funds-total">
                    {money(data.totals.balance)}
                  </td>
                  <td colSpan={3} />
                </tr>
              </tfoot>
            )}
          </table>
        </Card>
      )}
      {editing && (
        <FundPanel
          fund={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast({ type: 'success', title: t('common.success'), message: t('funds.saved') });
            void refresh();
          }}
        />
      )}
      {transferFrom && (
        <TransferPanel
          funds={funds}
          from={transferFrom === 'any' ? null : transferFrom}
          onClose={() => setTransferFrom(null)}
          onDone={(result) => {
            setTransferFrom(null);
            showToast({ type: 'success', title: t('common.success'), message: result.message });
            void refresh();
          }}
        />
      )}
      {pending && (
        <ConfirmDialog
          title={t(`funds.confirm.${pending.action}_title`)}
          confirmLabel={t(pending.action === 'delete' ? 'table.delete' : `funds.${pending.action}`)}
          danger={pending.action === 'delete'}
          busy={busy}
          onConfirm={() => void act(pending)}
          onCancel={() => setPending(null)}
        >
          <p>{t(`funds.confirm.${pending.action}`, { name: pending.fund.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
