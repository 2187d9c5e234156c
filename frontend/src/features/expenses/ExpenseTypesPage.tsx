import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FormError, SubmitButton, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { SidePanel } from '@/components/SidePanel';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { ApiError, reportApiError } from '@/lib/api-client';
import { expenseKeys, expenseTypesApi, type ExpenseType } from './api';

interface TypeValues {
  name: string;
  description: string;
  [key: string]: unknown;
}

type Pending = { type: ExpenseType; action: 'archive' | 'restore' | 'delete' } | null;

/** Create or rename an expense type; the server's 422 (a taken name) shows under the name. */
export function ExpenseTypePanel({
  type,
  onClose,
  onSaved,
}: {
  type: ExpenseType | null;
  onClose: () => void;
  onSaved: (type: ExpenseType) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<TypeValues>({
    name: type?.name ?? '',
    description: type?.description ?? '',
  });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit((values) => {
      const name = values.name.trim();
      if (!name) {
        return Promise.reject(
          new ApiError(422, { errors: { name: [t('expense_types.name_required')] } }),
        );
      }
      const input = { name, description: values.description.trim() || null };
      return type
        ? expenseTypesApi.update(type.id, { ...input, version: type.version })
        : expenseTypesApi.create(input);
    });
    if (saved) onSaved(saved);
  };
  return (
    <SidePanel open title={t(type ? 'expense_types.edit' : 'expense_types.add')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="expense-type-form">
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="name"
          label={t('expense_types.fields.name')}
          maxLength={60}
          required
        />
        <TextField
          form={form}
          name="description"
          label={t('expense_types.fields.description')}
          maxLength={500}
          multiline
        />
        <div className="form-actions">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}

/** /expense-types: every expense type with how many expenses use it; create, rename, archive,
 * restore, and delete one no expense uses (the server's 409 says to archive it instead). */
export default function ExpenseTypesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: expenseKeys.types,
    queryFn: expenseTypesApi.list,
  });
  const [editing, setEditing] = useState<ExpenseType | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const types = data?.data ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: expenseKeys.types });

  const act = async ({ type, action }: NonNullable<Pending>) => {
    setBusy(true);
    setRefusal(null);
    try {
      if (action === 'delete') await expenseTypesApi.remove(type.id);
      else if (action === 'archive') await expenseTypesApi.archive(type.id);
      else await expenseTypesApi.restore(type.id);
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t(`expense_types.done.${action}`),
      });
      void refresh();
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

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('settings.expense_types'))}
        actions={
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('expense_types.add')}
          </Button>
        }
      />
      <FormError message={refusal} />
      {isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll" testId="expense-types-table">
          <table>
            <thead>
              <tr>
                <th>{t('expense_types.fields.name')}</th>
                <th>{t('expense_types.fields.description')}</th>
                <th className="money">{t('expense_types.fields.in_use')}</th>
                <th>{t('expense_types.fields.status')}</th>
                <th>{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {types.length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('expense_types.empty')}
                  </td>
                </tr>
              )}
              {types.map((type) => (
                <tr key={type.id} data-testid={`expense-type-row-${type.id}`}>
                  <td>{type.name}</td>
                  <td>{type.description ?? ''}</td>
                  <td className="money" data-testid="expense-type-in-use">
                    {type.in_use}
                  </td>
                  <td>
                    {type.archived ? (
                      <Badge colour="gray">{t('expense_types.status.archived')}</Badge>
                    ) : (
                      <Badge colour="green">{t('expense_types.status.active')}</Badge>
                    )}
                  </td>
                  <td className="row-actions">
                    <button type="button" className="link-button" onClick={() => setEditing(type)}>
                      {t('table.edit')}
                    </button>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() =>
                        setPending({ type, action: type.archived ? 'restore' : 'archive' })
                      }
                    >
                      {t(type.archived ? 'expense_types.restore' : 'expense_types.archive')}
                    </button>
                    <button
                      type="button"
                      className="link-button link-button--danger"
                      onClick={() => setPending({ type, action: 'delete' })}
                    >
                      {t('table.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {editing && (
        <ExpenseTypePanel
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast({
              type: 'success',
              title: t('common.success'),
              message: t('expense_types.saved'),
            });
            void refresh();
          }}
        />
      )}
      {pending && (
        <ConfirmDialog
          title={t(`expense_types.confirm.${pending.action}_title`)}
          confirmLabel={t(
            pending.action === 'delete' ? 'table.delete' : `expense_types.${pending.action}`,
          )}
          danger={pending.action === 'delete'}
          busy={busy}
          onConfirm={() => void act(pending)}
          onCancel={() => setPending(null)}
        >
          <p>{t(`expense_types.confirm.${pending.action}`, { name: pending.type.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
