import { api, ApiError, reportApiError } from '@/lib/api-client';
import type { ListResponse } from '@/lib/types';
import type { LedgerLine } from '@/features/funds/api';

/** A project's statuses (functions/projects/models.py PROJECT_STATUSES). */
export const PROJECT_STATUSES = ['planned', 'active', 'completed', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export interface TypeBudgetInput {
  expense_type_id: string;
  amount: string;
}

export interface ProjectInput {
  name: string;
  description: string | null;
  fund_id: string;
  budget: string | null;
  type_budgets: TypeBudgetInput[];
  start_date: string | null;
  end_date: string | null;
  status: ProjectStatus;
  image_key: string | null;
}

/** A row of the projects list: its money from the project's totals (pounds as text). */
export interface ProjectSummary {
  id: string;
  name: string;
  fund_id: string;
  fund_name: string | null;
  status: ProjectStatus;
  budget: string | null;
  start_date: string | null;
  end_date: string | null;
  lines: number;
  raised: string;
  gift_aid: string;
  spent: string;
  balance: string;
}

export interface BudgetByType {
  expense_type_id: string;
  name: string | null;
  budget: string | null;
  spent: string;
  percent: number | null;
}

export interface Project extends ProjectSummary {
  description: string | null;
  type_budgets: TypeBudgetInput[];
  budget_by_type: BudgetByType[];
  image_key: string | null;
  image_url: string | null;
  version: number;
  created_at: string;
}

export interface ProjectLine extends LedgerLine {
  expense_type_id: string | null;
}

export interface ProjectOption {
  id: string;
  name: string;
  fund_id: string;
}

export interface ImageUpload {
  upload_url: string;
  key: string;
  headers: Record<string, string>;
}

export const projectKeys = {
  all: ['projects'] as const,
  list: (status: string) => ['projects', 'list', status] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  lines: (id: string, cursor: string | null) => ['projects', 'lines', id, cursor ?? ''] as const,
};

const path = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** A refusal (409: stale, has lines) keeps its message for the form; other failures are
 * reported as usual. */
async function projectCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status !== 422 && error.status !== 409) {
      reportApiError(error);
    }
    throw error;
  }
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const projectsApi = {
  list: (status: string) =>
    api.get<ListResponse<ProjectSummary>>('/projects', {
      query: status === 'all' ? {} : { status },
    }),
  show: (id: string) => api.get<Project>(path(id)),
  lines: (id: string, cursor: string | null, length = 20) =>
    api.get<ListResponse<ProjectLine>>(`${path(id)}/lines`, { query: { cursor, length } }),
  create: (input: ProjectInput) =>
    projectCall(() => api.post<Project>('/projects', { ...input }, { silent: true })),
  update: (id: string, input: ProjectInput & { version: number }) =>
    projectCall(() => api.put<Project>(path(id), { ...input }, { silent: true })),
  remove: (id: string) =>
    projectCall(() => api.delete<{ message: string }>(path(id), undefined, { silent: true })),
  imageUpload: (id: string, file: File) =>
    projectCall(() =>
      api.post<ImageUpload>(
        `${path(id)}/image`,
        { content_type: file.type, size: file.size },
        { silent: true },
      ),
    ),
};

/** PUT the file to the presigned link with the signed headers (S3 refuses anything else). */
export async function uploadImage(upload: ImageUpload, file: File): Promise<void> {
  const response = await fetch(upload.upload_url, {
    method: 'PUT',
    headers: upload.headers,
    body: file,
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status}`);
}
