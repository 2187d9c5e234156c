import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { FormError } from '@/components/forms';
import { Spinner } from '@/components/Spinner';
import { ApiError } from '@/lib/api-client';
import {
  importKeys,
  importsApi,
  type Detected,
  type FieldCatalog,
  type Import,
  type Mapping,
  type Preset,
} from './api';
import { ColumnMappingTable } from './ColumnMappingTable';
import { DetectedSummary } from './DetectedSummary';
import {
  applyPreset,
  blankMapping,
  duplicateTargets,
  groupMapped,
  mappingForColumns,
  missingRequired,
} from './mapping';
import { MappingOptions } from './MappingOptions';
import { PresetPicker } from './PresetPicker';
import { SavePreset } from './SavePreset';

interface StepProps {
  item: Import;
  onSaved: (item: Import) => void;
  onBack?: () => void;
}

interface Start {
  mapping: Mapping;
  presetId: string;
  unmatched: string[];
}

/** The import's own mapping, else the preset the server recognised, else nothing mapped. */
function startingPoint(
  detected: Detected,
  catalog: FieldCatalog,
  presets: Preset[],
  item: Import,
): Start {
  if (item.mapping) {
    return {
      mapping: mappingForColumns(item.mapping, detected.columns),
      presetId: '',
      unmatched: [],
    };
  }
  const recognised = presets.find((preset) => preset.id === detected.preset);
  if (recognised) {
    const { mapping, unmatched } = applyPreset(recognised.mapping, detected.columns);
    return { mapping, presetId: recognised.id, unmatched };
  }
  return {
    mapping: blankMapping(detected.columns, catalog.transforms),
    presetId: '',
    unmatched: [],
  };
}

/** Step 2: what was detected, and which field each column fills. */
export function MappingStep(props: StepProps) {
  const { t } = useTranslation();
  const fields = useQuery({
    queryKey: importKeys.fields,
    queryFn: importsApi.fields,
    staleTime: Infinity,
  });
  const presets = useQuery({ queryKey: importKeys.presets, queryFn: importsApi.presets });
  const detected = props.item.detected;
  if (!detected || detected.columns.length === 0) {
    return <FormError message={t('imports.mapping.no_columns')} />;
  }
  if (!fields.data || !presets.data) return <Spinner />;
  return (
    <>
      <DetectedSummary detected={detected} presets={presets.data.data} />
      <MappingForm
        {...props}
        detected={detected}
        catalog={fields.data}
        presets={presets.data.data}
      />
    </>
  );
}

function MappingForm({
  item,
  detected,
  catalog,
  presets,
  onSaved,
  onBack,
}: StepProps & { detected: Detected; catalog: FieldCatalog; presets: Preset[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [start] = useState(() => startingPoint(detected, catalog, presets, item));
  const [mapping, setMapping] = useState(start.mapping);
  const [presetId, setPresetId] = useState(start.presetId);
  const [unmatched, setUnmatched] = useState(start.unmatched);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);

  const missing = missingRequired(mapping, catalog.fields);
  const duplicates = duplicateTargets(mapping);
  const presetName = presets.find((preset) => preset.id === presetId)?.name;
  const labelOf = (key: string) => catalog.fields.find((field) => field.key === key)?.label ?? key;
  const mappedCount = Object.values(mapping.columns).filter(Boolean).length;

  const update = (change: (current: Mapping) => Mapping) => setMapping(change);
  const pickPreset = (preset: Preset) => {
    const applied = applyPreset(preset.mapping, detected.columns);
    setMapping(applied.mapping);
    setUnmatched(applied.unmatched);
    setPresetId(preset.id);
    setErrors({});
    setGeneralError(null);
  };
  const setColumn = (column: string, field: string | null) => {
    setMapping((current) => ({ ...current, columns: { ...current.columns, [column]: field } }));
    setErrors((current) => {
      const next = { ...current };
      delete next[`mapping.columns.${column}`];
      delete next.mapping;
      return next;
    });
  };

  const save = async () => {
    setGeneralError(null);
    if (missing.length > 0 || duplicates.length > 0) {
      setGeneralError(t('imports.mapping.fix_first'));
      problemsRef.current?.scrollIntoView?.({ block: 'center' });
      return;
    }
    setSaving(true);
    try {
      const saved = await importsApi.saveMapping(item.id, mapping);
      client.setQueryData(importKeys.one(item.id), saved);
      await client.invalidateQueries({ queryKey: importKeys.preview(item.id) });
      onSaved(saved);
    } catch (error) {
      const named = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      setErrors(named);
      const general = named.mapping ?? [];
      const unplaced = Object.entries(named)
        .filter(([key]) => key !== 'mapping' && !key.startsWith('mapping.'))
        .flatMap(([, messages]) => messages);
      const text = [...general, ...unplaced].join(' ');
      setGeneralError(
        text ||
          (error instanceof ApiError && error.status === 422 && error.message
            ? error.message
            : Object.keys(named).length > 0
              ? t('imports.mapping.fix_first')
              : t('errors.default')),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card as="div" testId="import-mapping">
      <h2>{t('imports.mapping.title')}</h2>
      <PresetPicker
        presets={presets}
        selected={presetId}
        onPick={pickPreset}
        onDeleted={() => setPresetId('')}
      />
      {presetName && (
        <p role="status" className="muted">
          {t('imports.presets.applied', {
            name: presetName,
            count: mappedCount,
            total: detected.columns.length,
          })}
        </p>
      )}
      {unmatched.length > 0 && (
        <div className="warnings" data-testid="preset-unmatched">
          {t('imports.presets.unmatched', {
            name: presetName ?? '',
            fields: unmatched.map(labelOf).join(', '),
          })}
        </div>
      )}
      <ColumnMappingTable
        detected={detected}
        fields={catalog.fields}
        mapping={mapping}
        errors={errors}
        onColumn={setColumn}
      />
      <div ref={problemsRef} data-testid="mapping-required">
        {missing.length > 0 ? (
          <div className="warnings" role="status">
            <strong>{t('imports.mapping.missing_title')}</strong>
            <ul>
              {missing.map((field) => (
                <li key={field.key}>{t('imports.mapping.missing', { field: field.label })}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="form-success" role="status">
            {t('imports.mapping.all_required')}
          </p>
        )}
      </div>
      <MappingOptions
        catalog={catalog}
        mapping={mapping}
        errors={errors}
        showGiftAidHint={groupMapped(mapping, catalog.fields, 'declaration')}
        onChange={update}
      />
      <SavePreset
        mapping={mapping}
        onSaved={(preset) => {
          setPresetId(preset.id);
          setUnmatched([]);
        }}
      />
      <FormError message={generalError} />
      <div className="form-actions">
        {onBack && <Button onClick={onBack}>{t('imports.mapping.back')}</Button>}
        <Button variant="primary" disabled={saving} aria-busy={saving} onClick={() => void save()}>
          {t('imports.mapping.continue')}
        </Button>
      </div>
    </Card>
  );
}
