import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SidePanel } from '@/components/SidePanel';
import { Spinner } from '@/components/Spinner';
import { formatDate } from '@/lib/format';
import { FEEDBACK_STATUSES, feedbackKeys, feedbacksApi, type FeedbackStatus } from './api';
import { StatusBadge } from './columns';

interface FeedbackPanelProps {
  id: string;
  onClose: () => void;
  onChanged: (message: string) => void;
  onDeleted: (message: string) => void;
}

/** One ticket: its details, a status change and a delete with confirmation. */
export function FeedbackPanel({ id, onClose, onChanged, onDeleted }: FeedbackPanelProps) {
  const { t, i18n } = useTranslation();
  const { data, isPending, refetch } = useQuery({
    queryKey: feedbackKeys.one(id),
    queryFn: () => feedbacksApi.show(id),
  });
  const ticket = data?.data;
  const [status, setStatus] = useState<FeedbackStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const chosen = status || ticket?.status || 'open';

  const changeStatus = async () => {
    setBusy(true);
    try {
      const result = await feedbacksApi.setStatus(id, chosen);
      setStatus('');
      await refetch();
      onChanged(result.message);
    } catch {
      // Reported by the global handler (spec §8).
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const result = await feedbacksApi.remove(id);
      onDeleted(result.message);
    } catch {
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SidePanel open title={t('feedbacks.ticket')} onClose={onClose}>
      {isPending || !ticket ? (
        <Spinner />
      ) : (
        <div data-testid="feedback-details">
          <h3>{ticket.title}</h3>
          <dl className="details">
            <dt>{t('feedbacks.fields.type')}</dt>
            <dd>{t(`support.types.${ticket.type}`)}</dd>
            <dt>{t('feedbacks.fields.status')}</dt>
            <dd>
              <StatusBadge status={ticket.status} t={t} />
            </dd>
            <dt>{t('feedbacks.fields.charity')}</dt>
            <dd>{ticket.charity.name}</dd>
            <dt>{t('feedbacks.fields.user')}</dt>
            <dd>
              {ticket.user.name} &lt;{ticket.user.email}&gt;
            </dd>
            <dt>{t('feedbacks.fields.created_at')}</dt>
            <dd>{formatDate(ticket.created_at, i18n.language)}</dd>
            <dt>{t('feedbacks.fields.description')}</dt>
            <dd>{ticket.description}</dd>
          </dl>
          <div className="field">
            <label htmlFor="feedback-status">{t('feedbacks.change_status')}</label>
            <div className="inline-actions">
              <select
                id="feedback-status"
                value={chosen}
                onChange={(event) => setStatus(event.target.value as FeedbackStatus)}
              >
                {FEEDBACK_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t(`feedbacks.status.${value}`)}
                  </option>
                ))}
              </select>
              <Button
                variant="primary"
                disabled={busy || chosen === ticket.status}
                onClick={() => void changeStatus()}
              >
                {t('feedbacks.update_status')}
              </Button>
            </div>
          </div>
          <div className="form-actions">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('feedbacks.delete')}
            </Button>
          </div>
        </div>
      )}
      {confirming && ticket && (
        <ConfirmDialog
          title={t('feedbacks.confirm_delete_title')}
          confirmLabel={t('feedbacks.delete')}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('feedbacks.confirm_delete', { title: ticket.title })}</p>
        </ConfirmDialog>
      )}
    </SidePanel>
  );
}
