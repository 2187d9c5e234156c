import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import type { Detected, Preset } from './api';

const DELIMITERS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };
/** Python's codec names as people know them. */
const ENCODINGS: Record<string, string> = {
  'utf-8': 'UTF-8',
  utf8: 'UTF-8',
  cp1252: 'Windows-1252',
  'windows-1252': 'Windows-1252',
  'latin-1': 'ISO-8859-1',
  'iso-8859-1': 'ISO-8859-1',
};

/** What the server found in the file: encoding, delimiter, header row, columns, first rows. */
export function DetectedSummary({ detected, presets }: { detected: Detected; presets: Preset[] }) {
  const { t, i18n } = useTranslation();
  const delimiter = detected.delimiter ?? '';
  const delimiterName = DELIMITERS[delimiter];
  const preset = presets.find((item) => item.id === detected.preset);
  const sample = detected.sample ?? [];
  return (
    <Card as="div" testId="import-detected">
      <h2>{t('imports.detected.title')}</h2>
      <dl className="details">
        <dt>{t('imports.detected.encoding')}</dt>
        <dd>
          {['utf-8-sig', 'utf_8_sig'].includes(detected.encoding.toLowerCase())
            ? t('imports.detected.utf8_bom')
            : (ENCODINGS[detected.encoding.toLowerCase()] ?? detected.encoding)}
        </dd>
        <dt>{t('imports.detected.delimiter')}</dt>
        <dd>
          {detected.delimiter === null
            ? t('imports.detected.spreadsheet')
            : delimiterName
              ? t(`imports.delimiters.${delimiterName}`)
              : delimiter}
        </dd>
        <dt>{t('imports.detected.header_row')}</dt>
        <dd>{t('imports.detected.row_number', { row: detected.header_row })}</dd>
        <dt>{t('imports.detected.columns')}</dt>
        <dd>{detected.columns.length}</dd>
        {detected.rows_estimate !== null && (
          <>
            <dt>{t('imports.detected.rows')}</dt>
            <dd>{new Intl.NumberFormat(i18n.language).format(detected.rows_estimate)}</dd>
          </>
        )}
        {preset && (
          <>
            <dt>{t('imports.detected.looks_like')}</dt>
            <dd>{preset.name}</dd>
          </>
        )}
      </dl>
      {sample.length > 0 && (
        <details>
          <summary>{t('imports.detected.show_sample', { count: sample.length })}</summary>
          <div className="table-scroll">
            <table data-testid="import-sample">
              <thead>
                <tr>
                  {detected.columns.map((column, index) => (
                    <th key={`${index}-${column}`}>{column}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sample.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {detected.columns.map((column, index) => (
                      <td key={`${index}-${column}`}>{row[index] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </Card>
  );
}
