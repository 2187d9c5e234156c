import type { Fund } from '../api';

export function fund(overrides: Partial<Fund> = {}): Fund {
  return {
    id: 'f1',
    name: 'Roof appeal',
    finance_code: 'R-100',
    fund_class: 'restricted',
    restricted: true,
    description: null,
    active: true,
    archived: false,
    default: false,
    goal: null,
    start_date: null,
    end_date: null,
    balance: '40.00',
    lines: 2,
    version: 1,
    created_at: '2026-05-01T09:00:00Z',
    ...overrides,
  };
}

export const GENERAL = fund({
  id: 'general',
  name: 'General',
  finance_code: null,
  fund_class: 'unrestricted_general',
  restricted: false,
  default: true,
  balance: '1250.50',
  lines: 10,
});
