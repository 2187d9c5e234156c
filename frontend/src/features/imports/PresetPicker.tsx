import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { showToast } from '@/components/toasts/store';
import { importKeys, importsApi, type Preset } from './api';

/** Start from a preset: the platforms' exports (built in) and the charity's saved mappings. */
export function PresetPicker({
  presets,
  selected,
  onPick,
  onDeleted,
}: {
  presets: Preset[];
  selected: string;
  onPick: (preset: Preset) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const [busy, setBusy] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  // Stable: the dialog puts the focus on its Cancel button again whenever this changes.
  const cancel = useCallback(() => {
    setDeleting(null);
    deleteButton.current?.focus();
  }, []);
  const builtin = presets.filter((preset) => preset.builtin);
  const saved = presets.filter((preset) => !preset.builtin);
  const current = presets.find((preset) => preset.id === selected);

  const remove = async (preset: Preset) => {
    setBusy(true);
    try {
      await importsApi.deletePreset(preset.id);
      showToast({ type: 'success', title: t('imports.presets.deleted', { name: preset.name }) });
      await client.invalidateQueries({ queryKey: importKeys.presets });
      onDeleted();
      // The Delete button goes with the preset: the focus moves to the list it was picked from.
      select.current?.focus();
    } catch {
      // The API client's error notification has already told the user what went wrong.
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t('imports.presets.label')}</label>
      <div className="inline-actions">
        <select
          ref={select}
          id={id}
          value={selected}
          onChange={(event) => {
            const preset = presets.find((item) => item.id === event.target.value);
            if (preset) onPick(preset);
          }}
        >
          <option value="">{t('imports.presets.none')}</option>
          <optgroup label={t('imports.presets.builtin')}>
            {builtin.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </optgroup>
          {saved.length > 0 && (
            <optgroup label={t('imports.presets.saved')}>
              {saved.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {current && !current.builtin && (
          <button
            ref={deleteButton}
            type="button"
            className="link-button link-button--danger"
            onClick={() => setDeleting(current)}
          >
            {t('imports.presets.delete')}
          </button>
        )}
      </div>
      <p className="field-hint">{t('imports.presets.hint')}</p>
      {deleting && (
        <ConfirmDialog
          title={t('imports.presets.delete_title', { name: deleting.name })}
          confirmLabel={t('imports.presets.delete')}
          danger
          busy={busy}
          onCancel={cancel}
          onConfirm={() => void remove(deleting)}
        >
          <p>{t('imports.presets.delete_body')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
