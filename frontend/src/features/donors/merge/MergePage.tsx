import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { donorKeys, donorsApi, type DonorMerge, type DuplicatePair } from '../api';
import { FieldPicker } from './FieldPicker';

export default function MergePage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const duplicates = useQuery({
    queryKey: donorKeys.duplicates,
    queryFn: donorsApi.duplicates,
    staleTime: 0,
  });
  const merges = useQuery({ queryKey: donorKeys.merges, queryFn: donorsApi.merges, staleTime: 0 });
  const [comparing, setComparing] = useState<DuplicatePair | null>(null);
  const [undoing, setUndoing] = useState<DonorMerge | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: donorKeys.all });
    void client.invalidateQueries({ queryKey: ['table'] });
  };

  const undo = async (merge: DonorMerge) => {
    setBusy(true);
    try {
      await donorsApi.undo(merge.id);
      showToast({ type: 'success', title: t('common.success'), message: t('donors.merge.undone') });
      refresh();
    } catch {
      // Reported by the global handler (spec §8), including a merge undone already (409).
    } finally {
      setBusy(false);
      setUndoing(null);
    }
  };

  return (
    <section>
      <PageHeader title={t(routeTitleKey('donors.merge'))} />
      {comparing ? (
        <FieldPicker
          pair={comparing}
          onCancel={() => setComparing(null)}
          onMerged={() => {
            setComparing(null);
            refresh();
          }}
        />
      ) : (
        <Card as="div" testId="duplicates">
          <h2>{t('donors.merge.duplicates')}</h2>
          <p className="muted">{t('donors.merge.duplicates_intro')}</p>
          {duplicates.isPending ? (
            <Spinner />
          ) : (duplicates.data?.data ?? []).length === 0 ? (
            <EmptyState title={t('donors.merge.no_duplicates')} />
          ) : (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th>{t('donors.merge.donor_a')}</th>
                    <th>{t('donors.merge.donor_b')}</th>
                    <th>{t('donors.merge.score')}</th>
                    <th>{t('donors.merge.reasons')}</th>
                    <th>{t('table.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(duplicates.data?.data ?? []).map((pair) => (
                    <tr key={`${pair.donors[0].id}-${pair.donors[1].id}`}>
                      {pair.donors.map((donor) => (
                        <td key={donor.id}>
                          <Link to={pathFor('donors.show', { id: donor.id })}>{donor.name}</Link>
                          <div className="muted">
                            {[donor.email, donor.postcode].filter(Boolean).join(' · ')}
                          </div>
                        </td>
                      ))}
                      <td>{Math.round(pair.score * 100)}%</td>
                      <td>
                        {pair.reasons.map((reason) => (
                          <Badge key={reason} colour="indigo">
                            {t(`donors.merge.reason.${reason}`, { defaultValue: reason })}
                          </Badge>
                        ))}
                      </td>
                      <td className="row-actions">
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => setComparing(pair)}
                        >
                          {t('donors.merge.compare')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      )}
      <Card as="div" testId="merge-history">
        <h2>{t('donors.merge.history')}</h2>
        {merges.isPending ? (
          <Spinner />
        ) : (merges.data?.data ?? []).length === 0 ? (
          <p className="muted">{t('donors.merge.no_history')}</p>
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th>{t('donors.merge.kept')}</th>
                  <th>{t('donors.merge.merged')}</th>
                  <th>{t('donors.merge.moved')}</th>
                  <th>{t('donors.merge.when')}</th>
                  <th>{t('donors.merge.status')}</th>
                  <th>{t('table.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {(merges.data?.data ?? []).map((merge) => (
                  <tr key={merge.id}>
                    <td>{merge.survivor.name}</td>
                    <td>{merge.merged.name}</td>
                    <td>{merge.moved_count}</td>
                    <td>{formatDate(merge.created_at, i18n.language)}</td>
                    <td>
                      <Badge colour={merge.status === 'done' ? 'green' : 'gray'}>
                        {t(`donors.merge.statuses.${merge.status}`, { defaultValue: merge.status })}
                      </Badge>
                    </td>
                    <td className="row-actions">
                      {(merge.status === 'done' || merge.status === 'incomplete') && (
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => setUndoing(merge)}
                        >
                          {t('donors.merge.undo')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      {undoing && (
        <ConfirmDialog
          title={t('donors.merge.confirm_undo_title')}
          confirmLabel={t('donors.merge.undo')}
          busy={busy}
          onConfirm={() => void undo(undoing)}
          onCancel={() => setUndoing(null)}
        >
          <p>
            {t('donors.merge.confirm_undo', {
              merged: undoing.merged.name,
              kept: undoing.survivor.name,
            })}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
