import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, SelectField, TextField, type FormApi } from '@/components/forms';
import { DOCUMENT_ACCEPT } from '@/lib/documents';
import type { TransferReason } from './api';

/** The form values every movement of money between funds has. */
export interface ReasonValues extends Record<string, unknown> {
  reason: TransferReason | '';
  note: string;
}

/** Why money moves (transfer or a donation's move): the reason, the note, and an optional file
 * (the donor's consent, the trustees' decision). Out of a restricted or endowment fund (`guarded`)
 * only the fixed reasons are offered and a note or a file is required. */
export function ReasonFields<T extends ReasonValues>({
  form,
  reasons,
  guarded,
  evidence,
  onEvidence,
}: {
  form: FormApi<T>;
  reasons: readonly TransferReason[];
  guarded: boolean;
  evidence: File | null;
  onEvidence: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  return (
    <>
      <SelectField
        form={form}
        name="reason"
        label={t('funds.transfer.reason')}
        placeholder={t('funds.transfer.choose')}
        options={reasons.map((value) => ({ value, label: t(`funds.reasons.${value}`) }))}
        hint={guarded ? t('funds.transfer.restricted_hint') : undefined}
        required
      />
      <TextField
        form={form}
        name="note"
        label={t('funds.transfer.note')}
        multiline
        maxLength={1000}
        required={guarded && !evidence}
      />
      <div className="field">
        <label htmlFor={fileId}>{t('funds.transfer.evidence')}</label>
        <input
          id={fileId}
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={(event) => onEvidence(event.target.files?.[0] ?? null)}
        />
        <p className="field-hint">{t('funds.transfer.evidence_hint')}</p>
        <FieldError messages={form.errors.evidence} />
      </div>
    </>
  );
}
