import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { formatDate } from '@/lib/format';
import { catalogApi, donationKeys, type CatalogItem, type CatalogKind } from '../api';

function CatalogPanel({
  kind,
  item,
  onClose,
  onSaved,
}: {
  kind: CatalogKind;
  item: CatalogItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ name: item?.name ?? '', description: item?.description ?? '' });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await form.submit((values) => {
      const input = { name: values.name.trim(), description: values.description.trim() || null };
      return item
        ? catalogApi.update(kind, item.id, { ...input, version: item.version })
        : catalogApi.create(kind, input);
    });
    if (saved) onSaved();
  };
  return (
    <SidePanel
      open
      title={t(item ? `catalog.${kind}.edit` : `catalog.${kind}.add`)}
      onClose={onClose}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="name"
          label={t('catalog.fields.name')}
          maxLength={100}
          required
        />
        <TextField
          form={form}
          name="description"
          label={t('catalog.fields.description')}
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

/** Donation types and locations: the same small CRUD; one in use cannot be deleted. */
export function CatalogPage({
  kind,
  routeName,
  extra,
}: {
  kind: CatalogKind;
  routeName: string;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: donationKeys.catalog(kind),
    queryFn: () => catalogApi.list(kind),
  });
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CatalogItem | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: donationKeys.catalog(kind) });

  const remove = async (item: CatalogItem) => {
    try {
      const result = await catalogApi.remove(kind, item.id);
      showToast({
        type: 'success',
        title: t('common.success'),
        message: result.message || t('catalog.deleted'),
      });
      void refresh();
    } catch (error) {
      // In use (409): the server's message says how many donations use it.
      if (error instanceof ApiError && error.status === 409) {
        showToast({ type: 'error', title: t('errors.title'), message: error.message });
      } else if (error instanceof ApiError) {
        reportApiError(error);
      }
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey(routeName))}
        actions={
          <>
            {extra}
            <Button variant="primary" onClick={() => setEditing('new')}>
              {t(`catalog.${kind}.add`)}
            </Button>
          </>
        }
      />
      {isPending ? (
        <Spinner />
      ) : (
        <Card as="div" className="table-scroll" testId={`catalog-${kind}`}>
          <table>
            <thead>
              <tr>
                <th>{t('catalog.fields.name')}</th>
                <th>{t('catalog.fields.description')}</th>
                <th>{t('catalog.fields.usage')}</th>
                <th>{t('catalog.fields.created_at')}</th>
                <th>{t('table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {(data?.data ?? []).length === 0 && (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('table.empty')}
                  </td>
                </tr>
              )}
              {(data?.data ?? []).map((item) => (
                <tr key={item.id}>
                  <td>{item.name}</td>
                  <td>{item.description}</td>
                  <td>{item.usage}</td>
                  <td>{formatDate(item.created_at, i18n.language)}</td>
                  <td className="row-actions">
                    <button type="button" className="link-button" onClick={() => setEditing(item)}>
                      {t('table.edit')}
                    </button>
                    <button
                      type="button"
                      className="link-button link-button--danger"
                      onClick={() => setDeleting(item)}
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
        <CatalogPanel
          kind={kind}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showToast({ type: 'success', title: t('common.success'), message: t('catalog.saved') });
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('catalog.confirm_delete_title')}
          confirmLabel={t('table.delete')}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('catalog.confirm_delete', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
