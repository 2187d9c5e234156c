import { api, ApiError, reportApiError } from '@/lib/api-client';

export interface AppNotification {
  id: string;
  data: { title?: string; body: string };
  created_at: string;
}

export const notificationsApi = {
  /** Polled every 10 s: failures stay quiet, except an expired session (401) which logs out. */
  unread: async () => {
    try {
      return await api.get<{ data: AppNotification[] }>('/notifications', { silent: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) reportApiError(error);
      throw error;
    }
  },
  markRead: (id: string) => api.post<void>(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => api.post<void>('/notifications/read-all'),
  send: (input: { title: string; body: string; tenant_ids: string[] | null }) =>
    api.post<{ job_id: string }>('/admin/notifications', { ...input }),
};

/** Spec §2: notification text is cut to 20 words. */
export function truncateWords(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/);
  return words.length <= maxWords ? text.trim() : `${words.slice(0, maxWords).join(' ')}…`;
}
