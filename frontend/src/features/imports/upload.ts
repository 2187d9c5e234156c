export type UploadFailure = 'network' | 'too_large' | 'expired' | 'refused' | 'aborted';

/** Why the storage refused a file; `reason` picks the message the user sees. */
export class UploadError extends Error {
  constructor(
    readonly reason: UploadFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'UploadError';
  }
}

/** S3 answers a refused POST with `<Error><Code>EntityTooLarge</Code>…</Error>`. */
export function storageFailure(status: number, body: string): UploadFailure {
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? '';
  if (code === 'EntityTooLarge' || status === 413) return 'too_large';
  if (code === 'AccessDenied' && /expired/i.test(body)) return 'expired';
  return 'refused';
}

/** The multipart body of a presigned POST: every policy field first, the file last (S3's rule). */
export function uploadForm(fields: Record<string, string>, file: Blob, filename: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, filename);
  return form;
}

export interface UploadRequest {
  url: string;
  fields: Record<string, string>;
  file: File;
  /** Called with 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the file straight to storage by its presigned POST. XMLHttpRequest, not fetch: only it
 * reports upload progress, which a 50 MB file on a charity's broadband needs.
 */
export function uploadToStorage(request: UploadRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress?.(1);
        resolve();
        return;
      }
      const body = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      reject(new UploadError(storageFailure(xhr.status, body), `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadError('network', 'Network error'));
    xhr.onabort = () => reject(new UploadError('aborted', 'Aborted'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(uploadForm(request.fields, request.file, request.file.name));
  });
}
