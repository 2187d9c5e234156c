import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Donation } from '@/features/donations/api';
import { mockApi } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { DonationFunds } from '../DonationFunds';

describe('the donation page’s Funds card', () => {
  it('shows each line’s fund and project, the project linking to its page', async () => {
    mockApi((call) =>
      call.url.pathname === '/api/funds/options'
        ? {
            body: {
              data: [
                {
                  id: 'roof',
                  name: 'Roof appeal',
                  finance_code: null,
                  fund_class: 'restricted',
                  description: null,
                  default: false,
                },
              ],
              projects: [{ id: 'p1', name: 'New Roof', fund_id: 'roof' }],
            },
          }
        : undefined,
    );
    const donation = {
      id: 'd1',
      allocations: [
        { fund_id: 'roof', project_id: 'p1', amount: '30.00' },
        { fund_id: 'general', amount: '20.00' },
      ],
      allocation_defaulted: false,
    } as unknown as Donation;
    renderWithProviders(<DonationFunds donation={donation} />);
    const card = screen.getByTestId('donation-allocations');
    const link = await within(card).findByRole('link', { name: 'New Roof' });
    expect(link).toHaveAttribute('href', '/fund-management/p/p1');
    const rows = within(card).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Roof appealNew Roof£30.00');
    expect(rows[2]).toHaveTextContent('General (default fund)No project£20.00');
  });
});
