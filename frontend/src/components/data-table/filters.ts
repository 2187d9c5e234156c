import type { DateRange, FilterValue, TableFilters } from './meta';

export interface FilterDef {
  key: string;
  label: string;
  type: 'select' | 'text' | 'date_range';
  options?: { value: string; label: string }[];
  /** The input of a `text` filter: a date or a number keeps the browser's own control. */
  inputType?: 'text' | 'date' | 'number';
  /** A control of the area's own (e.g. a donor look-up) in place of the default one. */
  render?: (value: string, onChange: (value: string) => void) => React.ReactNode;
  /** The tag text of a value (e.g. a donor's name for its id). */
  describe?: (value: string) => string;
}

export type FilterDraft = Record<string, FilterValue>;

export function hasValue(value: FilterValue | boolean): boolean {
  if (value === undefined || value === null || typeof value === 'boolean') return false;
  if (typeof value === 'string') return value.trim() !== '';
  const range = value as DateRange;
  return Boolean(range.from || range.to);
}

/** Filter stays disabled until at least one filter has a value. */
export function canApply(draft: FilterDraft): boolean {
  return Object.values(draft).some(hasValue);
}

export function draftFrom(filters: TableFilters): FilterDraft {
  const draft: FilterDraft = {};
  for (const [key, value] of Object.entries(filters)) {
    if (key !== 'applied' && hasValue(value)) draft[key] = value as FilterValue;
  }
  return draft;
}

export function applyFilters(draft: FilterDraft): TableFilters {
  return { ...draftFrom(draft as TableFilters), applied: true };
}

export function clearFilters(): TableFilters {
  return { applied: false };
}

/** Removing a tag drops its value; removing the last one clears `applied`. */
export function removeFilter(filters: TableFilters, key: string): TableFilters {
  const remaining = draftFrom(filters);
  delete remaining[key];
  return { ...remaining, applied: canApply(remaining) };
}

/** The `filters` query parameter: only applied filters, without the flag. */
export function filtersParam(filters: TableFilters): string | undefined {
  if (!filters.applied) return undefined;
  const values = draftFrom(filters);
  return Object.keys(values).length > 0 ? JSON.stringify(values) : undefined;
}
