import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/config/constants';

export interface DateRange {
  from?: string;
  to?: string;
}

export type FilterValue = string | DateRange | undefined;

export interface TableFilters {
  applied: boolean;
  date_range?: DateRange;
  [key: string]: FilterValue | boolean;
}

/** Spec §3 table meta, stored per table as `<table>_meta` in localStorage. */
export interface TableMeta {
  length: number;
  search: string;
  sortBy: string;
  sortDesc: boolean;
  page: number;
  total: number;
  filters: TableFilters;
}

export const defaultMeta = (): TableMeta => ({
  length: DEFAULT_PAGE_SIZE,
  search: '',
  sortBy: 'id',
  sortDesc: true,
  page: 1,
  total: 0,
  filters: { applied: false },
});

export const metaStorageKey = (table: string) => `${table}_meta`;

export function loadMeta(table: string, defaults: Partial<TableMeta> = {}): TableMeta {
  const base = { ...defaultMeta(), ...defaults };
  try {
    const stored = window.localStorage.getItem(metaStorageKey(table));
    if (!stored) return base;
    const parsed = JSON.parse(stored) as Partial<TableMeta>;
    return { ...base, ...parsed, filters: { ...base.filters, ...(parsed.filters ?? {}) } };
  } catch {
    return base;
  }
}

export function saveMeta(table: string, meta: TableMeta): void {
  window.localStorage.setItem(metaStorageKey(table), JSON.stringify(meta));
}

export type MetaUpdate = Partial<TableMeta> | ((meta: TableMeta) => TableMeta);

export function useTableMeta(table: string, defaults: Partial<TableMeta> = {}) {
  const [meta, setMetaState] = useState<TableMeta>(() => loadMeta(table, defaults));
  const setMeta = useCallback(
    (update: MetaUpdate) => {
      setMetaState((current) => {
        const next = typeof update === 'function' ? update(current) : { ...current, ...update };
        saveMeta(table, next);
        return next;
      });
    },
    [table],
  );
  return [meta, setMeta] as const;
}
