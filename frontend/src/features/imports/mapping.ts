import {
  type Detected,
  type FieldGroup,
  type ImportField,
  type Mapping,
  type Transforms,
} from './api';
import { SAMPLE_VALUES } from './constants';

/** A new mapping for a file: nothing mapped yet, each transform at its first (default) choice. */
export function blankMapping(columns: string[], transforms: Transforms | undefined): Mapping {
  return {
    columns: Object.fromEntries(columns.map((column) => [column, null])),
    date_format: transforms?.date[0] ?? 'dmy',
    amount_format: transforms?.amount[0] ?? 'plain',
    name_format: transforms?.name.includes('first_last')
      ? 'first_last'
      : (transforms?.name[0] ?? 'first_last'),
    source: 'file',
    defaults: {},
  };
}

/** Header cells compared as people see them: no BOM, no case, no doubled or edge spaces. */
export function sameColumn(a: string, b: string): boolean {
  const clean = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .replace(/\s+/g, ' ');
  return clean(a).toLowerCase() === clean(b).toLowerCase();
}

export interface PresetResult {
  mapping: Mapping;
  /** Fields the preset fills that no column of this file gives (e.g. no email column). */
  unmatched: string[];
}

/**
 * A preset applied to this file's columns: each file column gets the field the preset gives the
 * same header (exact first, then ignoring case and spaces). A preset may know several spellings
 * of one column: the first one found fills the field, so no field is filled twice. Columns the
 * preset does not know stay unmapped; transforms, source and defaults come from the preset.
 */
export function applyPreset(preset: Mapping, columns: string[]): PresetResult {
  const presetColumns = Object.entries(preset.columns);
  const filled = new Set<string>();
  const mapped: Record<string, string | null> = {};
  const fieldOf = (column: string): string | null => {
    const exact = presetColumns.find(([name]) => name === column);
    const found = exact ?? presetColumns.find(([name]) => sameColumn(name, column));
    return found?.[1] ?? null;
  };
  for (const column of columns) {
    const field = fieldOf(column);
    mapped[column] = field && !filled.has(field) ? field : null;
    if (field) filled.add(field);
  }
  const wanted = new Set(presetColumns.map(([, field]) => field).filter((field) => field !== null));
  return {
    mapping: {
      columns: mapped,
      date_format: preset.date_format,
      amount_format: preset.amount_format,
      name_format: preset.name_format,
      source: preset.source,
      defaults: { ...preset.defaults },
    },
    unmatched: [...wanted].filter((field): field is string => !!field && !filled.has(field)),
  };
}

/** A stored mapping brought onto this file's columns (a column it lacks is dropped). */
export function mappingForColumns(mapping: Mapping, columns: string[]): Mapping {
  return {
    ...mapping,
    columns: Object.fromEntries(columns.map((column) => [column, mapping.columns[column] ?? null])),
    defaults: { ...mapping.defaults },
  };
}

export function mappedFields(mapping: Mapping): Set<string> {
  return new Set(Object.values(mapping.columns).filter((field): field is string => !!field));
}

/** Required fields no column is mapped to yet. */
export function missingRequired(mapping: Mapping, fields: ImportField[]): ImportField[] {
  const mapped = mappedFields(mapping);
  return fields.filter((field) => field.required && !mapped.has(field.key));
}

export interface DuplicateTarget {
  field: string;
  columns: string[];
}

/** Fields two or more columns are mapped to: only one value can be stored, so it is a mistake. */
export function duplicateTargets(mapping: Mapping): DuplicateTarget[] {
  const byField = new Map<string, string[]>();
  for (const [column, field] of Object.entries(mapping.columns)) {
    if (!field) continue;
    byField.set(field, [...(byField.get(field) ?? []), column]);
  }
  return [...byField]
    .filter(([, columns]) => columns.length > 1)
    .map(([field, columns]) => ({ field, columns }));
}

export function fieldsByGroup(fields: ImportField[]): Record<FieldGroup, ImportField[]> {
  const groups: Record<FieldGroup, ImportField[]> = { donor: [], donation: [], declaration: [] };
  for (const field of fields) (groups[field.group] ?? groups.donation).push(field);
  return groups;
}

/** Whether any column is mapped to a field of this group (e.g. to show the Gift Aid hint). */
export function groupMapped(mapping: Mapping, fields: ImportField[], group: FieldGroup): boolean {
  const mapped = mappedFields(mapping);
  return fields.some((field) => field.group === group && mapped.has(field.key));
}

/** The first few non-blank values of a column in the detected sample. */
export function columnSamples(detected: Detected, column: string): string[] {
  const index = detected.columns.indexOf(column);
  if (index < 0) return [];
  return (detected.sample ?? [])
    .map((row) => (row[index] ?? '').trim())
    .filter((value) => value !== '')
    .slice(0, SAMPLE_VALUES);
}
