import { api } from '@/lib/api-client';
import type { User } from '@/lib/types';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export interface RegisterInput {
  charity_name: string;
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export interface Message {
  message: string;
}

export const authApi = {
  login: (input: LoginInput) =>
    api.post<{ user: User; two_factor: boolean }>('/login', { ...input }),
  register: (input: RegisterInput) => api.post<{ user: User }>('/register', { ...input }),
  requestPasswordReset: (email: string) => api.post<Message>('/password/email', { email }),
  resetPassword: (input: {
    token: string;
    email: string;
    password: string;
    password_confirmation: string;
  }) => api.post<Message>('/password/reset', { ...input }),
  verifyEmail: (id: string, token: string) =>
    api.post<Message>(`/email/verify/${encodeURIComponent(id)}`, { token }, { silent: true }),
  resendVerification: () => api.post<Message>('/email/resend', {}),
  verifyTwoFactor: (input: { code: string } | { recovery_code: string }) =>
    api.post<{ user: User }>('/2fa/verify', { ...input }),
};
