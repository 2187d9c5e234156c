import { EXPORT_POLL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { Job } from '@/lib/types';
import type { TableMeta } from './meta';
import { exportFilename, type ExportHead } from './useExport';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

function saveUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

async function download(url: string, filename: string): Promise<void> {
  // A presigned storage URL is another origin (and outside the CSP's connect-src): let the
  // browser download it; the storage answers with Content-Disposition and the same file name.
  if (new URL(url, window.location.href).origin !== window.location.origin) {
    saveUrl(url, filename);
    return;
  }
  try {
    // The presigned URL is a file, not an API call: fetched as a blob so the name is ours.
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Download failed: ${response.status}`);
    const objectUrl = URL.createObjectURL(await response.blob());
    saveUrl(objectUrl, filename);
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  } catch (error) {
    console.error('Blob download failed, opening the file link instead', error);
    saveUrl(url, filename);
  }
}

/** Requests the export job, polls its progress, then saves `YYYY-MM-DD-<table>.csv`. */
export async function runExport(
  table: string,
  meta: TableMeta,
  heads: ExportHead[],
  onProgress: (progress: { done: number; total: number } | null) => void,
  ids?: string[],
): Promise<void> {
  const { job_id: jobId } = await api.post<{ job_id: string }>(
    `/exports/${table}`,
    ids ? { meta: { ...meta }, heads, ids } : { meta: { ...meta }, heads },
    { silent: true },
  );
  let job = await api.get<Job>(`/jobs/${jobId}`, { silent: true });
  while (job.status === 'queued' || job.status === 'running') {
    onProgress(job.progress ?? null);
    await wait(EXPORT_POLL_MS);
    job = await api.get<Job>(`/jobs/${jobId}`, { silent: true });
  }
  if (job.status === 'failed' || !job.result?.download_url) {
    throw new Error(job.error ?? 'Export failed');
  }
  await download(job.result.download_url, exportFilename(table));
}
