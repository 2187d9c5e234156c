import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { showToast } from '@/components/toasts/store';
import { donorsApi, type Donor, type DuplicatePair } from '../api';
import { countryName } from '../countries';

/** The fields a merge can take from either donor (functions/donors/merge.py MERGEABLE). */
export const MERGE_FIELDS = [
  'type',
  'title',
  'first_name',
  'last_name',
  'company_name',
  'email',
  'phone',
  'house',
  'address_line1',
  'address_line2',
  'town',
  'county',
  'postcode',
  'country',
  'notes',
  'tags',
  'consents',
] as const;
type MergeField = (typeof MERGE_FIELDS)[number];
type Side = 'survivor' | 'merged';

function shown(
  donor: Donor,
  field: MergeField,
  locale: string,
  t: (key: string) => string,
): string {
  if (field === 'type') return t(`donors.types.${donor.type}`);
  if (field === 'country') return countryName(donor.country, locale);
  if (field === 'tags') return donor.tags.join(', ');
  if (field === 'consents') {
    return Object.entries(donor.consents ?? {})
      .filter(([, consent]) => consent.granted)
      .map(([channel]) => t(`donors.consents.channels.${channel}`))
      .join(', ');
  }
  return donor[field] ?? '';
}

/**
 * Side by side: which donor is kept, and per differing field which value survives (the kept
 * donor's by default). The other donor's donations move to the kept one.
 */
export function FieldPicker({
  pair,
  onCancel,
  onMerged,
}: {
  pair: DuplicatePair;
  onCancel: () => void;
  onMerged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [keepIndex, setKeepIndex] = useState<0 | 1>(0);
  const [choices, setChoices] = useState<Partial<Record<MergeField, Side>>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const survivor = pair.donors[keepIndex];
  const merged = pair.donors[keepIndex === 0 ? 1 : 0];
  const columns: [Donor, Side][] =
    keepIndex === 0
      ? [
          [survivor, 'survivor'],
          [merged, 'merged'],
        ]
      : [
          [merged, 'merged'],
          [survivor, 'survivor'],
        ];

  const merge = async () => {
    setBusy(true);
    try {
      const fields = Object.fromEntries(
        Object.entries(choices).filter(([, side]) => side === 'merged'),
      ) as Record<string, Side>;
      await donorsApi.merge({ survivor_id: survivor.id, merged_id: merged.id, fields });
      showToast({
        type: 'success',
        title: t('common.success'),
        message: t('donors.merge.merged_toast', { name: survivor.name }),
      });
      onMerged();
    } catch {
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="div" testId="merge-picker">
      <h2>{t('donors.merge.pick_title')}</h2>
      <p className="muted">{t('donors.merge.pick_intro')}</p>
      <div className="table-scroll">
        <table className="merge-table">
          <thead>
            <tr>
              <th>{t('donors.merge.field')}</th>
              {pair.donors.map((donor, index) => (
                <th key={donor.id}>
                  <label>
                    <input
                      type="radio"
                      name="keep"
                      checked={keepIndex === index}
                      onChange={() => {
                        setKeepIndex(index as 0 | 1);
                        setChoices({});
                      }}
                    />{' '}
                    {t('donors.merge.keep', { name: donor.name })}
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MERGE_FIELDS.map((field) => {
              const values = columns.map(([donor]) => shown(donor, field, i18n.language, t));
              const differ = values[0] !== values[1];
              const chosen = choices[field] ?? 'survivor';
              return (
                <tr key={field}>
                  <th scope="row">{t(`donors.fields.${field}`)}</th>
                  {columns.map(([donor, side], index) => (
                    <td key={donor.id}>
                      {differ ? (
                        <label>
                          <input
                            type="radio"
                            name={`field-${field}`}
                            checked={chosen === side}
                            aria-label={t('donors.merge.use_value', {
                              field: t(`donors.fields.${field}`),
                              name: donor.name,
                            })}
                            onChange={() =>
                              setChoices((current) => ({ ...current, [field]: side }))
                            }
                          />{' '}
                          {values[index] || <span className="muted">{t('common.none')}</span>}
                        </label>
                      ) : (
                        values[index] || <span className="muted">{t('common.none')}</span>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="primary" onClick={() => setConfirming(true)}>
          {t('donors.merge.merge')}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('donors.merge.confirm_title')}
          confirmLabel={t('donors.merge.merge')}
          busy={busy}
          onConfirm={() => void merge()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('donors.merge.confirm', { merged: merged.name, kept: survivor.name })}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
