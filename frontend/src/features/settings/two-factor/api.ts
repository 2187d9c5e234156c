import { api } from '@/lib/api-client';

export interface TwoFactorState {
  two_factor_enabled: boolean;
  two_factor_confirmed_at: string | null;
  qrCode: string | null;
  secret: string | null;
  otpauth_uri: string | null;
  recoveryCodes: string[];
}

export const twoFactorApi = {
  get: () => api.get<TwoFactorState>('/2fa'),
  generate: () => api.post<TwoFactorState>('/2fa/generate'),
  enable: (code: string) =>
    api.post<{ two_factor_enabled: boolean; recoveryCodes: string[] }>('/2fa/enable', { code }),
  regenerate: () => api.post<{ recoveryCodes: string[] }>('/2fa/regenerate'),
  disable: (password: string) =>
    api.post<{ two_factor_enabled: boolean }>('/2fa/disable', { password }),
  reset: () => api.post<void>('/2fa/reset'),
};
