import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/forms';
import { FIELD_GROUPS, type Detected, type ImportField, type Mapping } from './api';
import { columnSamples, duplicateTargets, fieldsByGroup } from './mapping';

interface ColumnMappingTableProps {
  detected: Detected;
  fields: ImportField[];
  mapping: Mapping;
  errors: Record<string, string[]>;
  onColumn: (column: string, field: string | null) => void;
}

/** One row per file column: its header, a few sample values, and the field it fills. */
export function ColumnMappingTable(props: ColumnMappingTableProps) {
  const { t } = useTranslation();
  const { detected, fields, mapping, errors, onColumn } = props;
  const groups = fieldsByGroup(fields);
  const labelOf = (key: string) => fields.find((field) => field.key === key)?.label ?? key;
  const duplicates = duplicateTargets(mapping);
  const duplicateNote = (column: string): string | null => {
    const duplicate = duplicates.find((item) => item.columns.includes(column));
    if (!duplicate) return null;
    return t('imports.mapping.duplicate', {
      field: labelOf(duplicate.field),
      columns: duplicate.columns.map((name) => `“${name}”`).join(', '),
    });
  };
  return (
    <div className="table-scroll">
      <table className="mapping-table" data-testid="mapping-table">
        <thead>
          <tr>
            <th scope="col">{t('imports.mapping.file_column')}</th>
            <th scope="col">{t('imports.mapping.samples')}</th>
            <th scope="col">{t('imports.mapping.import_as')}</th>
          </tr>
        </thead>
        <tbody>
          {detected.columns.map((column, index) => {
            const name = column.trim() || t('imports.mapping.unnamed', { number: index + 1 });
            const note = duplicateNote(column);
            const serverErrors = errors[`mapping.columns.${column}`];
            return (
              <tr key={`${index}-${column}`}>
                <th scope="row">{name}</th>
                <td className="mapping-table__samples">
                  {columnSamples(detected, column).join(' · ') || (
                    <span className="muted">{t('imports.mapping.no_samples')}</span>
                  )}
                </td>
                <td>
                  <select
                    aria-label={t('imports.mapping.field_for', { column: name })}
                    value={mapping.columns[column] ?? ''}
                    aria-invalid={serverErrors || note ? true : undefined}
                    onChange={(event) => onColumn(column, event.target.value || null)}
                  >
                    <option value="">{t('imports.mapping.skip')}</option>
                    {FIELD_GROUPS.filter((group) => groups[group].length > 0).map((group) => (
                      <optgroup key={group} label={t(`imports.groups.${group}`)}>
                        {groups[group].map((field) => (
                          <option key={field.key} value={field.key}>
                            {field.required
                              ? t('imports.mapping.required_field', { field: field.label })
                              : field.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  {note && <p className="field-warning">{note}</p>}
                  <FieldError messages={serverErrors} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
