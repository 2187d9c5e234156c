import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FundOption } from '@/features/funds/api';
import { MAX_PAGE_IMAGE_BYTES, PAGE_IMAGE_TYPES } from '@/features/landing/api';

/** Custom Puck fields: an image upload (the key is the prop), a list of preset amounts, a fund. */

export function ImageKeyField({
  id,
  label,
  value,
  onChange,
  upload,
  optional,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (key: string | null) => void;
  upload: (file: File) => Promise<string>;
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!PAGE_IMAGE_TYPES.includes(file.type)) return setError(t('page_builder.image.wrong_type'));
    if (file.size > MAX_PAGE_IMAGE_BYTES) return setError(t('page_builder.image.too_big'));
    setError(null);
    setBusy(true);
    try {
      onChange(await upload(file));
    } catch {
      setError(t('page_builder.image.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {value && <p className="field-hint break-anywhere">{value}</p>}
      <input
        id={id}
        type="file"
        accept={PAGE_IMAGE_TYPES.join(',')}
        disabled={busy}
        onChange={(event) => void choose(event)}
      />
      {busy && <p role="status">{t('page_builder.image.uploading')}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {optional && value && (
        <button type="button" className="link-button" onClick={() => onChange(null)}>
          {t('page_builder.image.remove')}
        </button>
      )}
    </div>
  );
}

/** "10.00, 25.00" ⇄ ["10.00", "25.00"]; the server checks the amounts (ascending, ≤ 6). */
export function PresetsField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (presets: string[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState((value ?? []).join(', '));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={text}
        inputMode="decimal"
        onChange={(event) => {
          setText(event.target.value);
          onChange(
            event.target.value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          );
        }}
      />
      <p className="field-hint">{t('page_builder.fields.presets_hint')}</p>
    </div>
  );
}

export function FundField({
  id,
  label,
  value,
  onChange,
  funds,
  optional,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (fund: string | null) => void;
  funds: FundOption[];
  optional: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">
          {optional ? t('page_builder.fields.fund_any') : t('page_builder.fields.fund_choose')}
        </option>
        {funds.map((fund) => (
          <option key={fund.id} value={fund.id}>
            {fund.name}
          </option>
        ))}
      </select>
    </div>
  );
}
