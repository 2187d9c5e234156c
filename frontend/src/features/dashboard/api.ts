import { api } from '@/lib/api-client';

interface Figures {
  count: number;
  total: string;
}

/** The claimable donations and their Gift Aid; `complete` false: a lower bound (New Claim has all). */
export interface UnclaimedGiftAid {
  count: number;
  donation_total: string;
  gift_aid: string;
  complete: boolean;
}

export type SetupStepKey = 'charity' | 'official' | 'donors' | 'declaration' | 'claim';

/** The first-run checklist: each step `done` from the charity's data, `allowed` when the user
 * holds a permission its screen needs; null for platform users. */
export interface Setup {
  complete: boolean;
  steps: { key: SetupStepKey; done: boolean; allowed: boolean }[];
}

export interface Dashboard {
  tiles: {
    donations_this_month: Figures;
    donations_this_tax_year: Figures & { tax_year: string };
    donors: number;
    average_gift: string;
    unclaimed_gift_aid: UnclaimedGiftAid;
  };
  series: {
    per_month: (Figures & { month: string })[];
    by_type: (Figures & { type_id: string; name: string })[];
    by_method: (Figures & { method: string })[];
  };
  setup?: Setup | null;
}

export const dashboardApi = {
  get: () => api.get<Dashboard>('/dashboard'),
};
