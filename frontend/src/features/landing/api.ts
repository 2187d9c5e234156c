import { api, ApiError, reportApiError } from '@/lib/api-client';
import type { PageData } from '@/public/pages/render/types';

/** Landing pages (contract for issue 17, "Landing pages"). */
export const PAGE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_TYPES = ['landing', 'donation'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const PAGE_LOCALES = ['en', 'es'] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];

export interface PageRow {
  id: string;
  title: string;
  slug: string;
  type: PageType;
  status: PageStatus;
  updated_at: string;
  updated_by_name: string | null;
  published_at: string | null;
  published_version: number | null;
  has_unpublished_changes: boolean;
  visits: number;
  donations: number;
  raised: string;
  /** "0.42" = 42 %, null without donations. */
  gift_aid_rate: string | null;
  public_url: string;
  version: number;
}

export interface PageDetail extends PageRow {
  data: PageData;
  locale: PageLocale;
}

export interface PageTemplate {
  id: string;
  type: PageType;
  title: string;
  description: string;
}

export interface NewPageInput {
  title: string;
  slug?: string;
  type: PageType;
  template: string;
}

export interface PageSettingsInput {
  title: string;
  slug: string;
  locale: PageLocale;
  version: number;
}

export interface PageVersion {
  number: number;
  title: string;
  published_at: string;
  published_by_name: string | null;
}

export interface PageImageUpload {
  key: string;
  upload: { url: string; fields: Record<string, string> };
}

export interface FundFacts {
  name: string;
  raised: string;
  gift_aid: string;
  target?: string | null;
}

export interface PreviewData {
  data: PageData;
  images: Record<string, string>;
  funds: Record<string, FundFacts>;
  giving: unknown;
}

export const pageKeys = {
  all: ['pages'] as const,
  templates: (language: string) => ['pages', 'templates', language] as const,
  one: (id: string) => ['pages', 'one', id] as const,
  versions: (id: string) => ['pages', 'versions', id] as const,
  preview: (id: string) => ['pages', 'preview', id] as const,
};

const path = (id: string) => `/pages/${encodeURIComponent(id)}`;

/** A refusal (422 invalid, 409 stale) stays with the screen that made the call; other failures
 * are reported as usual. */
async function pageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status !== 422 && error.status !== 409) {
      reportApiError(error);
    }
    throw error;
  }
}

export const pagesApi = {
  endpoint: '/pages',
  templates: () => api.get<{ data: PageTemplate[] }>('/pages/templates'),
  create: (input: NewPageInput) =>
    pageCall(() => api.post<PageDetail>('/pages', { ...input }, { silent: true })),
  show: (id: string) => api.get<PageDetail>(path(id)),
  settings: (id: string, input: PageSettingsInput) =>
    pageCall(() => api.put<PageDetail>(path(id), { ...input }, { silent: true })),
  saveDraft: (id: string, data: PageData, version: number) =>
    pageCall(() => api.put<PageDetail>(`${path(id)}/draft`, { data, version }, { silent: true })),
  publish: (id: string, version: number) =>
    pageCall(() => api.post<PageDetail>(`${path(id)}/publish`, { version }, { silent: true })),
  unpublish: (id: string, version: number) =>
    pageCall(() => api.post<PageDetail>(`${path(id)}/unpublish`, { version }, { silent: true })),
  versions: (id: string) => api.get<{ data: PageVersion[] }>(`${path(id)}/versions`),
  restore: (id: string, number: number, version: number) =>
    pageCall(() =>
      api.post<PageDetail>(`${path(id)}/versions/${number}/restore`, { version }, { silent: true }),
    ),
  duplicate: (id: string) =>
    pageCall(() => api.post<PageDetail>(`${path(id)}/duplicate`, {}, { silent: true })),
  remove: (id: string) =>
    pageCall(() => api.delete<unknown>(path(id), undefined, { silent: true })),
  imageUpload: (id: string, file: File) =>
    pageCall(() =>
      api.post<PageImageUpload>(
        `${path(id)}/images`,
        { content_type: file.type, size: file.size },
        { silent: true },
      ),
    ),
  previewData: (id: string) => api.get<PreviewData>(`${path(id)}/preview-data`),
};

export const PAGE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_PAGE_IMAGE_BYTES = 5 * 1024 * 1024;

/** The presigned POST: the policy's fields first, the file last (S3 refuses anything else). */
export async function postImage(upload: PageImageUpload['upload'], file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  const response = await fetch(upload.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`upload failed: ${response.status}`);
}
