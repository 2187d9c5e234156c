import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeColour } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { importKeys, importsApi, reportKind, type ReportCounts } from './api';
import { ERRORS_PAGE } from './constants';
import { saveFile } from './download';

/** The report's kinds of row, in the order the title names them, and each one's badge. */
const KINDS: (keyof ReportCounts)[] = ['errors', 'skipped', 'warnings'];
const KIND_COLOUR: Record<keyof ReportCounts, BadgeColour> = {
  errors: 'red',
  skipped: 'gray',
  warnings: 'amber',
};

/**
 * Every row the import reports, with its row number (docs/api.md: the file's own line numbers),
 * what became of it (rejected, skipped as not a donation, or imported with a warning), column,
 * value and reason, paged by the server's cursors, and the whole list as a CSV.
 */
export function ErrorReport({ importId, counts }: { importId: string; counts: ReportCounts }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Cursors of the pages seen: index 0 is the first page (no cursor).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const cursor = cursors[page] ?? null;
  const { data, isFetching } = useQuery({
    queryKey: importKeys.errors(importId, cursor),
    queryFn: () => importsApi.errors(importId, cursor, ERRORS_PAGE),
    placeholderData: keepPreviousData,
  });
  const next = data?.meta.next_cursor ?? null;
  const kinds = KINDS.filter((kind) => counts[kind] > 0);
  // Only rejected rows: the error report it always was (its total as the server counts it).
  const onlyErrors = kinds.every((kind) => kind === 'errors');
  const title = onlyErrors
    ? t('imports.errors.title', { count: data?.meta.total ?? counts.errors })
    : t('imports.errors.title_report', {
        parts: kinds
          .map((kind) => t(`imports.errors.count.${kind}`, { count: counts[kind] }))
          .join(', '),
      });
  const download = async () => {
    setDownloading(true);
    try {
      const file = await importsApi.errorsCsv(importId);
      saveFile(file.url, file.filename);
    } catch {
      // The API client's error notification has already told the user what went wrong.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card
      className="data-table"
      testId="import-errors"
      title={title}
      titleId={titleId}
      actions={
        <Button disabled={downloading} aria-busy={downloading} onClick={() => void download()}>
          {onlyErrors ? t('imports.errors.download') : t('imports.errors.download_report')}
        </Button>
      }
    >
      <p className="muted">
        {[
          t('imports.errors.explain'),
          ...kinds.map((kind) => t(`imports.errors.explain_kind.${kind}`)),
        ].join(' ')}
      </p>
      <div className="table-scroll">
        <table aria-busy={isFetching}>
          <thead>
            <tr>
              <th scope="col">{t('imports.errors.row')}</th>
              <th scope="col">{t('imports.errors.outcome')}</th>
              <th scope="col">{t('imports.errors.column')}</th>
              <th scope="col">{t('imports.errors.value')}</th>
              <th scope="col">{t('imports.errors.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {!data && (
              <tr>
                <td colSpan={5}>
                  <Spinner />
                </td>
              </tr>
            )}
            {data && data.data.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {t('imports.errors.none')}
                </td>
              </tr>
            )}
            {(data?.data ?? []).map((error, index) => (
              <tr key={`${error.row}-${error.column ?? ''}-${index}`}>
                <td>{error.row}</td>
                <td>
                  <Badge colour={KIND_COLOUR[reportKind(error)]}>
                    {t(`imports.errors.kind.${reportKind(error)}`)}
                  </Badge>
                </td>
                <td>{error.column ?? t('common.none')}</td>
                <td>
                  {error.value ? (
                    <code>{error.value}</code>
                  ) : (
                    <span className="muted">{t('imports.errors.blank')}</span>
                  )}
                </td>
                <td>{error.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(page > 0 || next) && (
        <nav className="pagination" aria-label={t('table.pagination')}>
          <Button disabled={page === 0} onClick={() => setPage((current) => current - 1)}>
            {t('table.previous')}
          </Button>
          <span>{t('table.page', { page: page + 1 })}</span>
          <Button
            disabled={!next}
            onClick={() => {
              setCursors((known) => [...known.slice(0, page + 1), next]);
              setPage((current) => current + 1);
            }}
          >
            {t('table.next')}
          </Button>
        </nav>
      )}
    </Card>
  );
}
