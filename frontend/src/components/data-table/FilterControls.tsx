import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDef, FilterDraft } from './filters';
import type { DateRange } from './meta';

interface FilterControlsProps {
  filters: FilterDef[];
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
}

function FilterControl({
  filter,
  draft,
  onChange,
}: { filter: FilterDef } & Omit<FilterControlsProps, 'filters'>) {
  const { t } = useTranslation();
  const id = useId();
  const value = draft[filter.key];
  const set = (next: string | DateRange) => onChange({ ...draft, [filter.key]: next });
  if (filter.type === 'date_range') {
    const range = (value as DateRange | undefined) ?? {};
    return (
      <fieldset className="filter filter--range">
        <legend>{filter.label}</legend>
        <label htmlFor={`${id}-from`}>{t('table.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from ?? ''}
          onChange={(event) => set({ ...range, from: event.target.value })}
        />
        <label htmlFor={`${id}-to`}>{t('table.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={range.to ?? ''}
          onChange={(event) => set({ ...range, to: event.target.value })}
        />
      </fieldset>
    );
  }
  if (filter.render) {
    return (
      <div className="filter">
        <span className="filter__label">{filter.label}</span>
        {filter.render((value as string) ?? '', (next) => set(next))}
      </div>
    );
  }
  return (
    <div className="filter">
      <label htmlFor={id}>{filter.label}</label>
      {filter.type === 'select' ? (
        <select
          id={id}
          value={(value as string) ?? ''}
          onChange={(event) => set(event.target.value)}
        >
          <option value="">{t('table.any')}</option>
          {(filter.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={filter.inputType ?? 'text'}
          value={(value as string) ?? ''}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </div>
  );
}

export function FilterControls({ filters, draft, onChange }: FilterControlsProps) {
  return (
    <div className="filters">
      {filters.map((filter) => (
        <FilterControl key={filter.key} filter={filter} draft={draft} onChange={onChange} />
      ))}
    </div>
  );
}
