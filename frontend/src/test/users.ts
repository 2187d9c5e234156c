import type { User } from '@/lib/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Olive Owner',
    email: 'owner@riverside.example',
    role: 'owner',
    is_admin: false,
    tenant: { id: 't1', name: 'Riverside Food Bank' },
    two_factor_enabled: false,
    two_factor_passed: true,
    email_verified_at: '2026-01-01T00:00:00Z',
    permissions: [],
    roles: ['owner'],
    ...overrides,
  };
}
