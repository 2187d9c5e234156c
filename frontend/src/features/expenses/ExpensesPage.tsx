import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormError, SelectField, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ApiError, reportApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import {
  EXPENSE_STATUSES,
  expenseKeys,
  expensesApi,
  type Expense,
  type ExpenseFilters,
  type ExpenseOptions,
} from './api';
import { ExpensePanel } from './ExpensePanel';

type Action = 'approve' | 'pay' | 'void' | 'delete';
type Pending = { expense: Expense; action: Action } | null;

const STATUS_COLOURS = { draft: 'yellow', approved: 'blue', paid: 'green', void: 'gray' } as const;

/** The actions an expense's status allows: only a draft is edited or deleted, only approval
 * moves money, an approved one is paid or voided. */
export function actionsFor(expense: Expense): Action[] {
  if (expense.status === 'draft') return ['approve', 'delete'];
  if (expense.status === 'approved') return ['pay', 'void'];
  return [];
}

interface FilterValues extends ExpenseFilters {
  [key: string]: unknown;
}

/** /fund-management/expenses: the charity's expenses newest first with filters and totals (one
 * call, plus one for the pickers' names); record, edit and delete a draft, approve (the money
 * leaves the fund: an overdraw of a restricted fund is refused with what it has available), mark
 * paid, void. */
export default function ExpensesPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const user = useUser();
  const filterForm = useForm<FilterValues>({
    status: '',
    fund_id: '',
    project_id: '',
    expense_type_id: '',
    date_from: '',
    date_to: '',
  });
  const filters: ExpenseFilters = { ...filterForm.values };
  // the pages seen of these filters (a new filter starts again from the first page)
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({
    key: filterKey,
    cursors: [null],
  });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const setCursors = (next: (string | null)[]) => setPaging({ key: filterKey, cursors: next });
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, isPending } = useQuery({
    queryKey: expenseKeys.list(filters, cursor),
    queryFn: () => expensesApi.list(filters, cursor),
  });
  const options = useQuery({ queryKey: expenseKeys.options, queryFn: expensesApi.options });
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const known: ExpenseOptions = options.data ?? { types: [], funds: [], projects: [] };
  const nameOf = (list: { id: string; name: string }[], id: string | null) =>
    list.find((item) => item.id === id)?.name ?? '';
  const refresh = () => {
    void client.invalidateQueries({ queryKey: expenseKeys.all });
    void client.invalidateQueries({ queryKey: ['funds'] });
  };

  const act = async ({ expense, action }: NonNullable<Pending>) => {
    setBusy(true);
    setRefusal(null);
    try {
      if (action === 'delete') await expensesApi.remove(expense.id);
      else await expensesApi.step(expense.id, action, expense.version);
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t(`expenses.done.${action}`),
      });
      refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) {
        setRefusal(error.message);
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const openReceipt = async (expense: Expense) => {
    try {
      const link = await expensesApi.receipt(expense.id);
      window.location.assign(link.url);
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
    }
  };

  const rows = data?.data ?? [];
  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('fund-management.expenses'))}
        actions={
          <>
            <ButtonLink to={pathFor('fund-management')}>{t('expenses.back')}</ButtonLink>
            {can(user, 'manage-expense-types') && (
              <ButtonLink to={pathFor('settings.expense_types')}>
                {t(routeTitleKey('settings.expense_types'))}
              </ButtonLink>
            )}
            <Button variant="primary" onClick={() => setEditing('new')} disabled={!options.data}>
              {t('expenses.add')}
            </Button>
          </>
        }
      />
      <Card as="div" testId="expense-filters">
        <div className="grid-2">
          <SelectField
            form={filterForm}
            name="status"
            label={t('expenses.fields.status')}
            placeholder={t('expenses.any')}
            options={EXPENSE_STATUSES.map((value) => ({
              value,
              label: t(`expenses.status.${value}`),
            }))}
          />
          <SelectField
            form={filterForm}
            name="fund_id"
            label={t('expenses.fields.fund')}
            placeholder={t('expenses.any')}
            options={known.funds.map((fund) => ({ value: fund.id, label: fund.name }))}
          />
          <SelectField
            form={filterForm}
            name="project_id"
            label={t('expenses.fields.project')}
            placeholder={t('expenses.any')}
            options={known.projects.map((project) => ({ value: project.id, label: project.name }))}
          />
          <SelectField
            form={filterForm}
            name="expense_type_id"
            label={t('expenses.fields.type')}
            placeholder={t('expenses.any')}
            options={known.types.map((type) => ({ value: type.id, label: type.name }))}
          />
          <TextField
            form={filterForm}
            name="date_from"
            type="date"
            label={t('expenses.fields.date_from')}
          />
          <TextField
            form={filterForm}
            name="date_to"
            type="date"
            label={t('expenses.fields.date_to')}
          />
        </div>
      </Card>
      <FormError message={refusal} />
      {data && (
        <p data-testid="expense-totals">
          {EXPENSE_STATUSES.filter((status) => status !== 'void')
            .map((status) =>
              t('expenses.totals', {
                status: t(`expenses.status.${status}`),
                count: data.totals[status].count,
                amount: money(data.totals[status].amount),
              }),
            )
            .join(' · ')}
        </p>
      )}
      {isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll" testId="expenses-table">
          <table>
            <thead>
              <tr>
                <th>{t('expenses.fields.date')}</th>
                <th>{t('expenses.fields.type')}</th>
                <th>{t('expenses.fields.fund')}</th>
                <th>{t('expenses.fields.payee')}</th>
                <th className="money">{t('expenses.fields.amount')}</th>
                <th>{t('expenses.fields.status')}</th>
                <th>{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="muted">
                    {t('expenses.empty')}
                  </td>
                </tr>
              )}
              {rows.map((expense) => (
                <tr key={expense.id} data-testid={`expense-row-${expense.id}`}>
                  <td>{expense.date}</td>
                  <td>{nameOf(known.types, expense.expense_type_id)}</td>
                  <td>
                    {nameOf(known.funds, expense.fund_id)}
                    {expense.project_id && (
                      <span className="muted"> · {nameOf(known.projects, expense.project_id)}</span>
                    )}
                  </td>
                  <td>{expense.payee ?? ''}</td>
                  <td className="money">{money(expense.amount)}</td>
                  <td>
                    <Badge colour={STATUS_COLOURS[expense.status]}>
                      {t(`expenses.status.${expense.status}`)}
                    </Badge>
                    {expense.approved_by_name && (
                      <span className="muted">
                        {' '}
                        {t('expenses.approved_by', { name: expense.approved_by_name })}
                      </span>
                    )}
                    {expense.paid_by_name && (
                      <span className="muted">
                        {' '}
                        {t('expenses.paid_by', { name: expense.paid_by_name })}
                      </span>
                    )}
                  </td>
                  <td className="row-actions">
                    {expense.status === 'draft' && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setEditing(expense)}
                      >
                        {t('table.edit')}
                      </button>
                    )}
                    {actionsFor(expense).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className={
                          action === 'delete' ? 'link-button link-button--danger' : 'link-button'
                        }
                        onClick={() => setPending({ expense, action })}
                      >
                        {t(`expenses.actions.${action}`)}
                      </button>
                    ))}
                    {expense.receipt && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => void openReceipt(expense)}
                      >
                        {t('expenses.actions.receipt')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {(cursors.length > 1 || data?.meta.next_cursor) && (
        <div className="form-actions">
          <Button disabled={cursors.length < 2} onClick={() => setCursors([null])}>
            {t('expenses.first_page')}
          </Button>
          <Button
            disabled={!data?.meta.next_cursor}
            onClick={() => setCursors([...cursors, data?.meta.next_cursor ?? null])}
          >
            {t('expenses.next_page')}
          </Button>
        </div>
      )}
      {editing && options.data && (
        <ExpensePanel
          expense={editing === 'new' ? null : editing}
          options={options.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast({
              type: 'success',
              title: t('common.success'),
              message: t('expenses.saved'),
            });
            refresh();
          }}
        />
      )}
      {pending && (
        <ConfirmDialog
          title={t(`expenses.confirm.${pending.action}_title`)}
          confirmLabel={t(`expenses.actions.${pending.action}`)}
          danger={pending.action === 'delete' || pending.action === 'void'}
          busy={busy}
          onConfirm={() => void act(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            {t(`expenses.confirm.${pending.action}`, {
              amount: money(pending.expense.amount),
              fund: nameOf(known.funds, pending.expense.fund_id),
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
