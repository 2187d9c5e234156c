import type { Project, ProjectSummary } from '../api';

export function summary(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 'p1',
    name: 'New Roof',
    fund_id: 'roof',
    fund_name: 'Roof appeal',
    status: 'active',
    budget: '5000.00',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    lines: 2,
    raised: '300.00',
    gift_aid: '25.00',
    spent: '75.00',
    balance: '250.00',
    ...overrides,
  };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    ...summary(),
    description: 'Replace the church roof',
    type_budgets: [{ expense_type_id: 'travel', amount: '200.00' }],
    budget_by_type: [
      { expense_type_id: 'travel', name: 'Travel', budget: '200.00', spent: '50.00', percent: 25 },
      { expense_type_id: 'venue', name: 'Venue hire', budget: null, spent: '25.00', percent: null },
    ],
    image_key: null,
    image_url: null,
    version: 3,
    created_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

export const CHOICES = {
  funds: [
    { id: 'general', name: 'General' },
    { id: 'roof', name: 'Roof appeal' },
  ],
  expense_types: [
    { id: 'travel', name: 'Travel' },
    { id: 'venue', name: 'Venue hire' },
  ],
};
