import { useTranslation } from 'react-i18next';
import { draftFrom, type FilterDef } from './filters';
import type { DateRange, TableFilters } from './meta';

interface FilterTagsProps {
  filters: FilterDef[];
  applied: TableFilters;
  onRemove: (key: string) => void;
}

export function FilterTags({ filters, applied, onRemove }: FilterTagsProps) {
  const { t } = useTranslation();
  if (!applied.applied) return null;
  const values = draftFrom(applied);
  const describe = (def: FilterDef | undefined, value: unknown): string => {
    if (def?.type === 'date_range') {
      const range = value as DateRange;
      return [range.from, range.to].filter(Boolean).join(' – ');
    }
    if (def?.describe) return def.describe(String(value));
    return def?.options?.find((option) => option.value === value)?.label ?? String(value);
  };
  return (
    <ul className="filter-tags" aria-label={t('table.applied_filters')}>
      {Object.entries(values).map(([key, value]) => {
        const def = filters.find((filter) => filter.key === key);
        const text = `${def?.label ?? key}: ${describe(def, value)}`;
        return (
          <li key={key} className="filter-tag">
            {text}
            <button
              type="button"
              aria-label={t('table.remove_filter', { filter: text })}
              onClick={() => onRemove(key)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
