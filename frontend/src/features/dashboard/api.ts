import { api } from '@/lib/api-client';

interface Figures {
  count: number;
  total: string;
}

export interface Dashboard {
  tiles: {
    donations_this_month: Figures;
    donations_this_tax_year: Figures & { tax_year: string };
    donors: number;
    average_gift: string;
    /** Filled by the Gift Aid feature; null until then. */
    unclaimed_gift_aid: string | null;
  };
  series: {
    per_month: (Figures & { month: string })[];
    by_type: (Figures & { type_id: string; name: string })[];
    by_method: (Figures & { method: string })[];
  };
}

export const dashboardApi = {
  get: () => api.get<Dashboard>('/dashboard'),
};
