import { api } from '@/lib/api-client';

export interface Role {
  id: string;
  name: string;
  permissions: string[];
  users_count: number;
  system: boolean;
}

export interface Permission {
  name: string;
  label: string;
}

export const rolesApi = {
  list: () => api.get<{ data: Role[] }>('/settings/roles'),
  permissions: () => api.get<{ data: Permission[] }>('/settings/permissions'),
  create: (input: { name: string; permissions: string[] }) =>
    api.post<Role>('/settings/roles', { ...input }),
  update: (id: string, input: { name: string; permissions: string[] }) =>
    api.put<Role>(`/settings/roles/${encodeURIComponent(id)}`, { ...input }),
  assign: (id: string, permissions: string[]) =>
    api.put<Role>(`/settings/roles/${encodeURIComponent(id)}/permissions`, { permissions }),
  remove: (id: string) => api.delete<void>(`/settings/roles/${encodeURIComponent(id)}`),
};
