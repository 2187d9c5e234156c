import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/Badge';
import { Card } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { useCatalogs } from '@/features/donations/useCatalogs';
import { formatDate, formatMoney } from '@/lib/format';
import {
  importKeys,
  importsApi,
  type PreviewKind,
  type PreviewRow,
  type RowProblem,
  type RowValues,
} from './api';

type Group = 'donor' | 'donation' | 'declaration';

/** Fields with a column of their own in the preview. */
const SHOWN: Record<Group, Set<string>> = {
  donor: new Set(['type', 'title', 'first_name', 'last_name', 'company_name', 'email', 'postcode']),
  donation: new Set(['amount', 'date', 'external_ref', 'donation_id']),
  declaration: new Set(['method']),
};
/** Values every row has unless the file says otherwise: listing them on each row is noise. */
const USUAL: Record<string, string> = {
  'donor.country': 'GB',
  'donation.status': 'received',
};
/** Where each group's labels live in the locale files (the forms of those records). */
const LABEL_SECTIONS: Record<Group, string> = {
  donor: 'donors.fields',
  donation: 'donations.fields',
  declaration: 'declarations.fields',
};
const LABEL_KEYS: Record<string, string> = { type_id: 'type', location_id: 'location' };
/** Coded values shown in words: `payment_method: "cheque"` → "Cheque". */
const VALUE_SECTIONS: Record<string, string> = {
  'donation.payment_method': 'donations.methods',
  'donation.status': 'donations.statuses',
  'declaration.method': 'declarations.methods',
};
const MONEY_KEYS = new Set(['benefit_value']);
const DATE_KEYS = new Set(['refunded_at', 'date_given']);

const text = (values: RowValues | null, key: string): string => {
  const value = values?.[key];
  return value === null || value === undefined ? '' : String(value).trim();
};

const problemText = (problem: RowProblem): string =>
  problem.column ? `${problem.column}: ${problem.reason}` : problem.reason;

export function donorName(donor: RowValues | null): string {
  if (!donor) return '';
  const person = ['title', 'first_name', 'last_name']
    .map((key) => text(donor, key))
    .filter(Boolean)
    .join(' ');
  return text(donor, 'company_name') || person;
}

interface Describe {
  t: TFunction;
  locale: string;
  source: string | null;
  typeName: (id: string | null) => string;
  locationName: (id: string | null) => string;
}

/** Everything else the row will store, as "Label: value" (defaults and blanks left out). */
export function otherDetails(row: PreviewRow, describe: Describe): string[] {
  const { t, locale } = describe;
  const groups: [Group, RowValues | null][] = [
    ['donor', row.donor],
    ['donation', row.donation],
    ['declaration', row.declaration],
  ];
  const details: string[] = [];
  for (const [group, values] of groups) {
    for (const [key, raw] of Object.entries(values ?? {})) {
      if (SHOWN[group].has(key) || raw === null || raw === '' || raw === false) continue;
      const value = String(raw);
      if (USUAL[`${group}.${key}`] === value) continue;
      if (group === 'donation' && key === 'source' && value === describe.source) continue;
      let shown = value;
      if (raw === true) shown = t('common.yes');
      else if (MONEY_KEYS.has(key)) shown = formatMoney(value, locale);
      else if (DATE_KEYS.has(key)) shown = formatDate(value, locale);
      else if (key === 'type_id') shown = describe.typeName(value) || value;
      else if (key === 'location_id') shown = describe.locationName(value) || value;
      else if (VALUE_SECTIONS[`${group}.${key}`]) {
        shown = t(`${VALUE_SECTIONS[`${group}.${key}`]}.${value}`, { defaultValue: value });
      }
      const label = t(`${LABEL_SECTIONS[group]}.${LABEL_KEYS[key] ?? key}`, { defaultValue: key });
      details.push(`${label}: ${shown}`);
    }
  }
  return details;
}

/** A row's kind (a row from an older server has none: a donation). */
export const kindOf = (row: PreviewRow): PreviewKind => row.kind ?? 'donation';

const money = (amount: string | null | undefined, locale: string, t: TFunction): string =>
  amount && !Number.isNaN(Number(amount)) ? formatMoney(amount, locale) : t('common.none');

/** The cells of a row that is not a donation: it stores nothing, the reason says what it is. */
function SkippedCells({ row }: { row: PreviewRow }) {
  const { t } = useTranslation();
  return (
    <>
      <td>
        <span className="muted">{t('imports.preview.not_donation')}</span>
      </td>
      <td colSpan={5} className="muted">
        {t('common.none')}
      </td>
      <td>
        <Badge colour="gray">{t('imports.preview.skipped')}</Badge>
        <div className="row-skipped">{row.skipped?.reason}</div>
      </td>
    </>
  );
}

/** The row's problems and warnings, or "OK". */
function Outcome({ row }: { row: PreviewRow }) {
  const { t } = useTranslation();
  const warnings = row.warnings ?? [];
  return (
    <td>
      {row.errors.length === 0 && warnings.length === 0 && (
        <span className="muted">{t('imports.preview.ok')}</span>
      )}
      {row.errors.length > 0 && (
        <ul className="row-problems">
          {row.errors.map((problem, index) => (
            <li key={index}>{problemText(problem)}</li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <ul className="row-warnings">
          {warnings.map((problem, index) => (
            <li key={index}>{t('imports.preview.warning', { problem: problemText(problem) })}</li>
          ))}
        </ul>
      )}
    </td>
  );
}

/** A refund row: the payment it returns and the amount taken back (shown negative, as refunded). */
function RefundCells({ row, describe }: { row: PreviewRow; describe: Describe }) {
  const { t, locale } = describe;
  const refund = row.refund ?? null;
  const amount = refund?.amount ?? null;
  const details = otherDetails(row, describe);
  return (
    <>
      <td>
        <strong>
          {refund?.of
            ? t('imports.preview.refund_of', { reference: refund.of })
            : t('imports.preview.refund_unnamed')}
        </strong>
      </td>
      <td className="nowrap">
        {refund?.date ? formatDate(refund.date, locale) : t('common.none')}
      </td>
      <td className="money nowrap">
        {amount && !Number.isNaN(Number(amount))
          ? formatMoney(-Number(amount), locale)
          : t('common.none')}
      </td>
      <td>{refund?.ref || t('common.none')}</td>
      <td>{t('common.none')}</td>
      <td className="preview-details">{details.join(' · ')}</td>
      <Outcome row={row} />
    </>
  );
}

function DonationCells({ row, describe }: { row: PreviewRow; describe: Describe }) {
  const { t, locale } = describe;
  const name = donorName(row.donor);
  const contact = [text(row.donor, 'email'), text(row.donor, 'postcode')]
    .filter(Boolean)
    .join(' · ');
  const date = text(row.donation, 'date');
  const method = text(row.declaration, 'method');
  const details = otherDetails(row, describe);
  return (
    <>
      <td>
        {name ? <strong>{name}</strong> : <span className="muted">{t('donations.anonymous')}</span>}
        {contact && <div className="muted">{contact}</div>}
      </td>
      <td className="nowrap">{date ? formatDate(date, locale) : t('common.none')}</td>
      <td className="money nowrap">{money(text(row.donation, 'amount'), locale, t)}</td>
      <td>
        {text(row.donation, 'external_ref') ||
          text(row.donation, 'donation_id') ||
          t('common.none')}
      </td>
      <td>
        {row.declaration
          ? method
            ? t('imports.preview.declared_by', {
                method: t(`declarations.methods.${method}`, { defaultValue: method }),
              })
            : t('common.yes')
          : t('common.none')}
      </td>
      <td className="preview-details">{details.join(' · ')}</td>
      <Outcome row={row} />
    </>
  );
}

const ROW_CLASS: Record<PreviewKind, string | undefined> = {
  donation: undefined,
  refund: 'row--refund',
  skipped: 'row--skipped',
};

/** The first rows exactly as they will be stored, each with its kind and problems. */
export function PreviewTable({ importId, source }: { importId: string; source: string | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { typeName, locationName } = useCatalogs();
  const preview = useQuery({
    queryKey: importKeys.preview(importId),
    queryFn: () => importsApi.preview(importId),
  });
  if (!preview.data) return <Spinner />;
  const rows = preview.data.rows;
  const withProblems = rows.filter((row) => row.errors.length > 0).length;
  const withWarnings = rows.filter((row) => (row.warnings ?? []).length > 0).length;
  const refunds = rows.filter((row) => kindOf(row) === 'refund').length;
  const skipped = rows.filter((row) => kindOf(row) === 'skipped').length;
  const describe: Describe = { t, locale, source, typeName, locationName };
  const summary = [
    withProblems > 0
      ? t('imports.preview.problems', { count: withProblems })
      : t('imports.preview.no_problems'),
    withWarnings > 0 && t('imports.preview.warnings', { count: withWarnings }),
    refunds > 0 && t('imports.preview.refunds', { count: refunds }),
    skipped > 0 && t('imports.preview.skipped_rows', { count: skipped }),
  ].filter(Boolean);
  return (
    <Card as="div" className="data-table" testId="import-preview">
      <h2>{t('imports.preview.title', { count: rows.length })}</h2>
      <p className="muted">{summary.join(' ')}</p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('imports.preview.row')}</th>
              <th scope="col">{t('imports.groups.donor')}</th>
              <th scope="col">{t('imports.preview.date')}</th>
              <th scope="col">{t('imports.preview.amount')}</th>
              <th scope="col">{t('imports.preview.reference')}</th>
              <th scope="col">{t('imports.preview.gift_aid')}</th>
              <th scope="col">{t('imports.preview.details')}</th>
              <th scope="col">{t('imports.preview.problems_column')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={8} className="muted">
                  {t('imports.preview.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const kind = kindOf(row);
              return (
                <tr
                  key={row.row}
                  className={row.errors.length > 0 ? 'row--problem' : ROW_CLASS[kind]}
                  data-testid="preview-row"
                  data-kind={kind}
                >
                  <td>{row.row}</td>
                  {kind === 'skipped' ? (
                    <SkippedCells row={row} />
                  ) : kind === 'refund' ? (
                    <RefundCells row={row} describe={describe} />
                  ) : (
                    <DonationCells row={row} describe={describe} />
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
