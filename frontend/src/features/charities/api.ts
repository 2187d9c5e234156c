import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Charities that share a name (ignoring case and spaces) and a registration number. */
export interface DuplicateGroup {
  name: string;
  registration_number: string;
  charities: { id: string; name: string }[];
}

/** GET /api/charities/overview: the platform administrator's figures (docs/api.md). */
export interface CharitiesOverview {
  tiles: {
    charities: number;
    active_users: number;
    claims_this_month: number;
    open_tickets: number;
  };
  duplicates: DuplicateGroup[];
}

/** GET /api/charities/{id}: one charity as a platform administrator sees it. */
export interface Charity {
  id: string;
  name: string;
  registration_number: string | null;
  phone: string | null;
  country: string | null;
  disabled: boolean;
  users_count: number;
  created_at: string | null;
  version: number;
}

export type CharityChanges = {
  name: string;
  registration_number: string | null;
  phone: string | null;
  country: string;
  disabled: boolean;
  version: number;
};

export const charitiesApi = {
  endpoint: '/charities',
  overview: () => api.get<CharitiesOverview>('/charities/overview'),
  get: (id: string) => api.get<Charity>(`/charities/${encodeURIComponent(id)}`),
  update: (id: string, changes: CharityChanges) =>
    api.put<Charity>(`/charities/${encodeURIComponent(id)}`, changes),
};

export const charityKeys = {
  one: (id: string) => ['charities', 'one', id] as const,
};

/** One call shared by the admin dashboard and the Charities list (its duplicate badges). */
export function useCharitiesOverview() {
  return useQuery({
    queryKey: ['charities', 'overview'],
    queryFn: charitiesApi.overview,
    staleTime: 0,
  });
}

/** The ids of the charities in a duplicate group. */
export function duplicateIds(overview: CharitiesOverview | undefined): Set<string> {
  return new Set((overview?.duplicates ?? []).flatMap((group) => group.charities.map((c) => c.id)));
}
