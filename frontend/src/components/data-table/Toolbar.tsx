import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_ALL, PAGE_SIZES } from '@/config/constants';
import { lazyComponent } from '@/lib/lazy-component';
import { useDebounced } from '@/lib/useDebounced';
import {
  applyFilters,
  canApply,
  clearFilters,
  draftFrom,
  type FilterDef,
  type FilterDraft,
} from './filters';
import type { MetaUpdate, TableMeta } from './meta';

/** The filter panel's fields: closed when a list opens, loaded on its first opening (ADR 0023). */
const FilterControls = lazyComponent(() =>
  import('./FilterControls').then((module) => module.FilterControls),
);

interface ToolbarProps {
  meta: TableMeta;
  setMeta: (update: MetaUpdate) => void;
  filters: FilterDef[];
  /** What the search box searches (its placeholder); the generic "Search" when unset. */
  searchPlaceholder?: string;
  /** False for a list whose endpoint has no `search`: no search box. */
  searchable?: boolean;
  exportable: boolean;
  exporting: boolean;
  exportProgress: { done: number; total: number } | null;
  onExport: () => void;
}

export function Toolbar(props: ToolbarProps) {
  const { meta, setMeta, filters } = props;
  const { t } = useTranslation();
  const searchId = useId();
  const sizeId = useId();
  const [search, setSearch] = useState(meta.search);
  const debouncedSearch = useDebounced(search);
  const [draft, setDraft] = useState<FilterDraft>(() => draftFrom(meta.filters));
  const [showFilters, setShowFilters] = useState(false);

  useEffect(() => {
    if (debouncedSearch !== meta.search) setMeta({ search: debouncedSearch, page: 1 });
  }, [debouncedSearch, meta.search, setMeta]);

  useEffect(() => setDraft(draftFrom(meta.filters)), [meta.filters]);

  const progress = props.exportProgress;
  return (
    <div className="table-toolbar">
      <div className="table-toolbar__row">
        {props.searchable !== false && (
          <>
            <label htmlFor={searchId} className="visually-hidden">
              {t('table.search')}
            </label>
            <input
              id={searchId}
              type="search"
              placeholder={props.searchPlaceholder ?? t('table.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </>
        )}
        <label htmlFor={sizeId}>{t('table.page_size')}</label>
        <select
          id={sizeId}
          value={meta.length}
          onChange={(event) => setMeta({ length: Number(event.target.value), page: 1 })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size === PAGE_SIZE_ALL ? t('table.all') : size}
            </option>
          ))}
        </select>
        {filters.length > 0 && (
          <button
            type="button"
            className="button"
            aria-expanded={showFilters}
            onClick={() => setShowFilters(!showFilters)}
          >
            {t('table.filters')}
          </button>
        )}
        {props.exportable && (
          <button
            type="button"
            className="button"
            disabled={props.exporting}
            onClick={props.onExport}
          >
            {props.exporting
              ? progress && progress.total > 0
                ? t('table.exporting_progress', { done: progress.done, total: progress.total })
                : t('table.exporting')
              : t('table.export')}
          </button>
        )}
      </div>
      {showFilters && filters.length > 0 && (
        <div className="table-toolbar__filters">
          <Suspense fallback={null}>
            <FilterControls filters={filters} draft={draft} onChange={setDraft} />
          </Suspense>
          <button
            type="button"
            className="button button--primary"
            disabled={!canApply(draft)}
            onClick={() => setMeta({ filters: applyFilters(draft), page: 1 })}
          >
            {t('table.filter')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft({});
              setMeta({ filters: clearFilters(), page: 1 });
            }}
          >
            {t('table.clear_all')}
          </button>
        </div>
      )}
    </div>
  );
}
