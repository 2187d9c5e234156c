import { api } from '@/lib/api-client';
import type { User } from '@/lib/types';

export interface CharityInfo {
  name: string;
  registration_number: string;
  regulator: string;
  entity_type: string;
  year_end: string;
  address: {
    house: string;
    address_line1: string;
    address_line2: string;
    town: string;
    county: string;
    postcode: string;
    country: string;
  };
  phone: string;
  email: string;
  website: string;
}

export interface AuthorizedOfficial {
  title: string;
  first_name: string;
  last_name: string;
  postcode: string;
  overseas: boolean;
  phone: string;
}

export interface CurrencyOption {
  key: 'currency';
  value: string;
  symbol: string;
}

export const settingsApi = {
  updateProfile: (input: {
    name: string;
    email: string;
    locale: string;
    current_password?: string;
  }) => api.put<User>('/settings/profile', { ...input }),
  updatePassword: (input: {
    current_password: string;
    password: string;
    password_confirmation: string;
    logout_other_sessions: boolean;
  }) => api.put<{ message: string }>('/settings/password', { ...input }),
  updateNotifications: (input: { email_reminders: boolean; email_product_updates: boolean }) =>
    api.put<User>('/settings/notifications', { ...input }),
  deleteAccount: (password: string) => api.delete<void>('/settings/account', { password }),
  currency: () =>
    api.get<CurrencyOption>('/settings/options/all', { query: { key: 'currency' }, silent: true }),
  updateCurrency: (value: string) =>
    api.put<CurrencyOption>('/settings/options', { key: 'currency', value }),
  charity: () => api.get<CharityInfo>('/settings/charity'),
  updateCharity: (input: CharityInfo) => api.put<CharityInfo>('/settings/charity', { ...input }),
  official: () => api.get<AuthorizedOfficial>('/settings/authorized-official'),
  updateOfficial: (input: AuthorizedOfficial) =>
    api.put<AuthorizedOfficial>('/settings/authorized-official', { ...input }),
};
