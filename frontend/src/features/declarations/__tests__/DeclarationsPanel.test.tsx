import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import type { Declaration } from '../api';
import { DeclarationsPanel } from '../DeclarationsPanel';

function declaration(overrides: Partial<Declaration>): Declaration {
  return {
    id: 'x1',
    donor_id: 'p1',
    method: 'written',
    scope: ['this_donation'],
    date_given: '2025-04-06',
    donation_id: null,
    statement_version: 'imported',
    confirmation_sent_on: null,
    evidence_key: null,
    cancelled_on: null,
    cancellation_reason: null,
    source: null,
    status: 'active',
    oral_window_ends: null,
    created_at: '2025-04-06T10:00:00Z',
    ...overrides,
  };
}

describe('the donor’s declarations', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says which declarations an import recorded, and not of those a person entered', async () => {
    mockApi((call) =>
      call.url.pathname === '/api/donors/p1/declarations'
        ? {
            body: {
              data: [
                declaration({ id: 'x1', source: 'import:01JIMPORT' }),
                declaration({ id: 'x2', statement_version: 'v2', source: null }),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<DeclarationsPanel donorId="p1" />);
    const rows = await screen.findAllByTestId('declaration');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Recorded fromAn import of donations');
    expect(rows[1]).not.toHaveTextContent('Recorded from');
  });
});
