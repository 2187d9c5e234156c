import { api } from '@/lib/api-client';

export interface ManagedUser {
  id: string;
  name: string;
  email: string;
  role: string;
  disabled: boolean;
  two_factor_enabled: boolean;
  last_login_at: string | null;
  created_at: string;
}

export const usersApi = {
  endpoint: '/settings/users',
  invite: (input: { name: string; email: string; role: string }) =>
    api.post<ManagedUser>('/settings/users', { ...input }),
  update: (id: string, input: { role?: string; disabled?: boolean }) =>
    api.put<ManagedUser>(`/settings/users/${encodeURIComponent(id)}`, { ...input }),
};
