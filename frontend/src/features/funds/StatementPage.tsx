import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { EmptyState } from '@/components/EmptyState';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import {
  fundKeys,
  fundsApi,
  STATEMENT_FIGURES,
  type Statement,
  type StatementFigures,
} from './api';

const YEARS_OFFERED = 10;
const FIRST_YEAR = 2000;

/** The year end date of the financial year ending in `year` ("MM-DD"; 29 Feb → 28 Feb). */
export function yearEndDate(year: number, yearEnd: string): string {
  const month = Number(yearEnd.slice(0, 2));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(yearEnd.slice(3, 5)), last);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "31 March 2026" in the reader's language. */
function longDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** "May 2025" for the whole-months note. */
function monthName(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'es' ? 'es-ES' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

function saveText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Figures({ figures }: { figures: StatementFigures }) {
  const { i18n } = useTranslation();
  return (
    <>
      {STATEMENT_FIGURES.map((name) => (
        <td key={name} className="money" data-figure={name}>
          {formatMoney(figures[name], i18n.language)}
        </td>
      ))}
    </>
  );
}

function StatementTable({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  return (
    <Card as="div" className="table-scroll" testId="statement-table">
      <table>
        <caption className="visually-hidden">{t('funds.statement.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('funds.statement.fund')}</th>
            <th scope="col">{t('funds.fields.finance_code')}</th>
            {STATEMENT_FIGURES.map((name) => (
              <th key={name} scope="col" className="money">
                {t(`funds.statement.columns.${name}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statement.classes.map((group) => (
            <Fragment key={group.fund_class}>
              <tr className="statement__class">
                <th scope="colgroup" colSpan={2 + STATEMENT_FIGURES.length}>
                  {t(`funds.classes.${group.fund_class}`)}
                </th>
              </tr>
              {group.funds.map((fund) => (
                <tr key={fund.id} data-testid={`statement-row-${fund.id}`}>
                  <th scope="row">
                    <Link to={pathFor('fund-management.fund', { id: fund.id })}>{fund.name}</Link>
                    {fund.archived && (
                      <>
                        {' '}
                        <Badge colour="gray">{t('funds.status.archived')}</Badge>
                      </>
                    )}
                  </th>
                  <td>{fund.finance_code ?? ''}</td>
                  <Figures figures={fund} />
                </tr>
              ))}
              <tr
                className="statement__subtotal"
                data-testid={`statement-subtotal-${group.fund_class}`}
              >
                <th scope="row" colSpan={2}>
                  <strong>
                    {t('funds.statement.subtotal', {
                      fund_class: t(`funds.classes.${group.fund_class}`),
                    })}
                  </strong>
                </th>
                <Figures figures={group.subtotal} />
              </tr>
            </Fragment>
          ))}
        </tbody>
        <tfoot>
          <tr className="statement__total" data-testid="statement-total">
            <th scope="row" colSpan={2}>
              {t('funds.statement.total')}
            </th>
            <Figures figures={statement.total} />
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}

/** /fund-management/statement: the statement of funds of one financial year (one call), grouped
 * by class with subtotals and a total, and its CSV. */
export default function StatementPage() {
  const { t, i18n } = useTranslation();
  const [year, setYear] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: fundKeys.statement(year),
    queryFn: () => fundsApi.statement(year),
  });
  const locale = i18n.language;
  const years = data
    ? Array.from({ length: YEARS_OFFERED }, (_, i) => data.current_year - i).filter(
        (option) => option >= FIRST_YEAR,
      )
    : [];
  const label = (option: number) =>
    t(
      data && option === data.current_year
        ? 'funds.statement.year_current'
        : 'funds.statement.year_ended',
      { date: longDate(yearEndDate(option, data?.year_end ?? '03-31'), locale) },
    );

  const download = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      const text = await fundsApi.statementCsv(data.year);
      saveText(text, `statement-of-funds-${data.year}.csv`);
    } catch (error) {
      console.error('Statement download failed', error);
      showToast({
        type: 'error',
        title: t('errors.title'),
        message: t('funds.statement.download_failed'),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('fund-management.statement'))}
        actions={
          <>
            <ButtonLink to={pathFor('fund-management')}>{t('funds.back')}</ButtonLink>
            <Button
              variant="primary"
              onClick={() => void download()}
              disabled={!data || downloading}
            >
              {t('funds.statement.download')}
            </Button>
          </>
        }
      />
      {isPending || !data ? (
        <Spinner />
      ) : (
        <>
          <Card as="div">
            <label className="field statement__year">
              <span>{t('funds.statement.year')}</span>
              <select
                value={data.year}
                onChange={(event) => setYear(Number(event.target.value))}
                data-testid="statement-year"
              >
                {years.map((option) => (
                  <option key={option} value={option}>
                    {label(option)}
                  </option>
                ))}
              </select>
            </label>
            <p className="muted" data-testid="statement-period">
              {t('funds.statement.period', {
                start: longDate(data.start, locale),
                end: longDate(data.end, locale),
              })}
              {data.whole_months && (
                <>
                  {' '}
                  {t('funds.statement.whole_months', {
                    year_end: longDate(data.year_end_date, locale),
                    month: monthName(data.end, locale),
                  })}
                </>
              )}
            </p>
          </Card>
          {data.has_movements ? (
            <StatementTable statement={data} />
          ) : (
            <EmptyState title={t('funds.statement.empty_title')}>
              <p>{t('funds.statement.empty_body')}</p>
            </EmptyState>
          )}
        </>
      )}
    </section>
  );
}
