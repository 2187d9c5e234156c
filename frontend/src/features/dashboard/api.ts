import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/types';
import { isAdmin } from '@/lib/permissions';

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

/** A fund tile (functions/dashboard/fund_tiles.py): balance, this financial year's income and
 * Gift Aid, goal progress (null without a goal). */
export interface FundTile {
  id: string;
  name: string;
  fund_class: string;
  restricted: boolean;
  balance: string;
  year_income: string;
  year_gift_aid: string;
  goal: string | null;
  goal_percent: number | null;
}

/** Only for users who manage fund distributions (absent otherwise). */
export interface DashboardFunds {
  tiles: FundTile[];
  active_count: number;
  year: { year: number; start: string; end: string };
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
  funds?: DashboardFunds;
}

export const dashboardApi = {
  get: () => api.get<Dashboard>('/dashboard'),
};

/**
 * The dashboard's figures: one query, read by the page and fetched ahead by sign-in. Figures
 * read in the last two seconds (by sign-in, just before the page mounted) are not read again;
 * any later visit reads them afresh.
 */
export const dashboardQuery = {
  queryKey: ['dashboard'],
  queryFn: dashboardApi.get,
  staleTime: 2_000,
} as const;

/**
 * Start reading a charity user's dashboard figures as soon as they have signed in, while the
 * signed-in layout renders, instead of once the page has mounted. The page's own query joins
 * the request in flight (same key).
 */
export function prefetchDashboard(client: QueryClient, user: User): void {
  if (isAdmin(user) || !user.tenant) return;
  void client.prefetchQuery(dashboardQuery);
}
