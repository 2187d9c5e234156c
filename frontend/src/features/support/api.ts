import { api } from '@/lib/api-client';

export const TICKET_TYPES = ['bug', 'feature'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** What the ticket panel sends (spec §3 support ticket). */
export interface TicketInput {
  id?: string;
  title: string;
  type: TicketType;
  description: string;
}

/** A ticket as the Support Centre reads it. */
export interface Feedback {
  id: string;
  title: string;
  type: TicketType;
  description: string;
  status: FeedbackStatus;
  charity: { id: string; name: string };
  user: { id: string; name: string; email: string };
  created_at: string;
}

export type FeedbackStats = Record<'total' | FeedbackStatus | TicketType, number>;

/** Query keys: everything under ['feedbacks'] is refreshed after a change. */
export const feedbackKeys = {
  all: ['feedbacks'] as const,
  count: ['feedbacks', 'count'] as const,
  stats: ['feedbacks', 'stats'] as const,
  one: (id: string) => ['feedbacks', 'one', id] as const,
};

export const feedbacksApi = {
  endpoint: '/feedbacks',
  /** Errors stay with the ticket form (field errors under inputs, else the default error). */
  store: (input: TicketInput) =>
    api.post<{ message: string; data: Feedback }>(
      '/feedbacks/store',
      { ...input },
      { silent: true },
    ),
  show: (id: string) => api.get<{ data: Feedback }>(`/feedbacks/${encodeURIComponent(id)}`),
  setStatus: (id: string, status: FeedbackStatus) =>
    api.post<{ message: string; data: Feedback }>('/feedbacks/status', { id, status }),
  remove: (id: string) =>
    api.delete<{ message: string }>(`/feedbacks/${encodeURIComponent(id)}/delete`),
  stats: () => api.get<FeedbackStats>('/feedbacks/stats'),
  /** Spec §7: admin only, on sidebar load; a failure shows no badge and is not reported. */
  count: () => api.get<number>('/feedbacks/count', { silent: true }),
};
