import { api } from '@/lib/api-client';
import { formCall } from '@/lib/form-errors';

/** Files a user may attach as evidence or a receipt: PDF, PNG or JPEG, at most 10 MB (the
 * server checks the same before it signs the upload). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

/** Why a chosen file cannot be attached: 'type', 'size', or null when it can. */
export function documentProblem(file: File | null): 'type' | 'size' | null {
  if (!file) return null;
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

export interface DocumentUpload {
  upload_url: string;
  key: string;
  headers: Record<string, string>;
  expires_in: number;
}

/** Asks `endpoint` for a presigned PUT, sends the file straight to S3, and answers the key to
 * record with whatever refers to it. */
export async function uploadDocument(endpoint: string, file: File): Promise<string> {
  const upload = await formCall(() =>
    api.post<DocumentUpload>(
      endpoint,
      { content_type: file.type, size: file.size },
      { silent: true },
    ),
  );
  const response = await fetch(upload.upload_url, {
    method: 'PUT',
    headers: upload.headers,
    body: file,
  });
  if (!response.ok) throw new Error(`Upload failed: HTTP ${response.status}`);
  return upload.key;
}
