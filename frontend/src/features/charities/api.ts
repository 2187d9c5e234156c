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

export const charitiesApi = {
  overview: () => api.get<CharitiesOverview>('/charities/overview'),
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
