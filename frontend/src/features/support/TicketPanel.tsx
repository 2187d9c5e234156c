import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { showToast } from '@/components/toasts/store';
import { SUCCESS_TICKET_MS } from '@/config/constants';
import { feedbackKeys, feedbacksApi, TICKET_TYPES, type TicketInput, type TicketType } from './api';

export const TICKET_TITLE_MAX = 150;
export const TICKET_DESCRIPTION_MAX = 5000;

interface TicketPanelProps {
  open: boolean;
  onClose: () => void;
  ticket?: TicketInput;
}

/** The support ticket side panel: Add Ticket, or Edit Ticket when the ticket has an id. */
export function TicketPanel({ open, onClose, ticket }: TicketPanelProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<{ title: string; type: TicketType; description: string }>({
    title: ticket?.title ?? '',
    type: ticket?.type ?? TICKET_TYPES[0],
    description: ticket?.description ?? '',
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit((values) =>
      feedbacksApi.store({ ...values, ...(ticket?.id ? { id: ticket.id } : {}) }),
    );
    if (result) {
      // Spec §8: toast Success with the server message for 2 s.
      showToast({
        type: 'success',
        title: t('common.success'),
        message: result.message || t('support.saved'),
        durationMs: SUCCESS_TICKET_MS,
      });
      void client.invalidateQueries({ queryKey: feedbackKeys.all });
      close();
    }
  };

  return (
    <SidePanel
      open={open}
      onClose={close}
      title={ticket?.id ? t('support.edit_ticket') : t('support.add_ticket')}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormError message={form.generalError} />
        <TextField
          form={form}
          name="title"
          label={t('support.fields.title')}
          maxLength={TICKET_TITLE_MAX}
          required
        />
        <SelectField
          form={form}
          name="type"
          label={t('support.fields.type')}
          options={TICKET_TYPES.map((value) => ({ value, label: t(`support.types.${value}`) }))}
          required
        />
        <TextField
          form={form}
          name="description"
          label={t('support.fields.description')}
          maxLength={TICKET_DESCRIPTION_MAX}
          multiline
          required
        />
        <div className="form-actions">
          <Button onClick={close}>{t('common.cancel')}</Button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
