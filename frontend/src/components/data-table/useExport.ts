import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toasts/store';
import { loadChunk } from '@/lib/chunks';
import type { TableMeta } from './meta';

export interface ExportHead {
  key: string;
  label: string;
}

export function exportFilename(table: string, today: Date = new Date()): string {
  return `${today.toISOString().slice(0, 10)}-${table}.csv`;
}

/**
 * CSV export: request the job, poll its progress, then save `YYYY-MM-DD-<table>.csv`. A refused
 * request or a failed job is shown to the person as an error toast (and logged).
 */
export function useExport(table: string) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const start = useCallback(
    /** `ids`: just these rows ("Export selected"); otherwise the table's filtered rows. */
    async (meta: TableMeta, heads: ExportHead[], ids?: string[]) => {
      setExporting(true);
      setProgress(null);
      try {
        // The job's request, polling and download: loaded on the first export (ADR 0023).
        const { runExport } = await loadChunk(() => import('./export-job'));
        await runExport(table, meta, heads, setProgress, ids);
      } catch (error) {
        console.error('Export failed', error);
        showToast({
          type: 'error',
          title: t('table.export_failed_title'),
          message: t('table.export_failed'),
        });
      } finally {
        setExporting(false);
        setProgress(null);
      }
    },
    [table, t],
  );

  return { exporting, progress, start };
}
