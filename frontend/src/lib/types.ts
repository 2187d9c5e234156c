export interface User {
  id: string;
  name: string;
  email: string;
  profile_img?: string | null;
  role: string;
  is_admin: boolean;
  tenant?: { id: string; name: string } | null;
  two_factor_enabled: boolean;
  two_factor_confirmed_at?: string | null;
  two_factor_passed?: boolean;
  email_verified_at?: string | null;
  permissions: string[];
  roles: string[];
  locale?: string;
  preferences?: { notifications?: { email_reminders?: boolean; email_product_updates?: boolean } };
}

export interface ErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

export interface ListMeta {
  total: number | null;
  page: number;
  length: number;
  next_cursor: string | null;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface Job {
  id: string;
  type: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number };
  result: { download_url?: string; filename?: string } | null;
  error: string | null;
}
