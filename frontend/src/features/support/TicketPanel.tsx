import { useTranslation } from 'react-i18next';
import { FormError, SelectField, SubmitButton, TextField, useForm } from '@/components/forms';
import { SidePanel } from '@/components/SidePanel';
import { showToast } from '@/components/toasts/store';
import { SUCCESS_TICKET_MS } from '@/config/constants';
import { api } from '@/lib/api-client';

export const TICKET_TYPES = ['Report a bug', 'Feature request'] as const;

export interface Ticket {
  id?: string;
  title: string;
  type: string;
  description: string;
}

interface TicketPanelProps {
  open: boolean;
  onClose: () => void;
  ticket?: Ticket;
}

/** The support ticket side panel: Add Ticket, or Edit Ticket when the ticket has an id. */
export function TicketPanel({ open, onClose, ticket }: TicketPanelProps) {
  const { t } = useTranslation();
  const form = useForm<{ title: string; type: string; description: string }>({
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
    const result = await form.submit(
      async (values) =>
        (await api.post<{ message?: string } | undefined>(
          '/feedbacks/store',
          { ...values, ...(ticket?.id ? { id: ticket.id } : {}) },
          // Errors stay in the panel (field errors under inputs, else the default form error).
          { silent: true },
        )) ?? {},
    );
    if (result) {
      showToast({
        type: 'success',
        title: t('common.success'),
        message: result.message ?? t('support.saved'),
        durationMs: SUCCESS_TICKET_MS,
      });
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
        <TextField form={form} name="title" label={t('support.fields.title')} required />
        <SelectField
          form={form}
          name="type"
          label={t('support.fields.type')}
          options={TICKET_TYPES.map((value) => ({
            value,
            label: t(`support.types.${value === 'Report a bug' ? 'bug' : 'feature'}`),
          }))}
          required
        />
        <TextField
          form={form}
          name="description"
          label={t('support.fields.description')}
          multiline
          required
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
          <SubmitButton processing={form.processing}>{t('common.save')}</SubmitButton>
        </div>
      </form>
    </SidePanel>
  );
}
