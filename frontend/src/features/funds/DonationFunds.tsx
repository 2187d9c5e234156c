import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { showToast } from '@/components/toasts/store';
import { pathFor } from '@/config/paths';
import type { Donation } from '@/features/donations/api';
import { useUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { MovePanel, type MovedLine } from './MovePanel';
import { DEFAULT_FUND_ID } from './split';

/** The donation page's "Funds" card: each fund (and project) the donation is booked to and its
 * amount, named by the donation's own read (no extra call). Someone who manages fund
 * distributions may move all or part of a line of a received donation to another fund or
 * project. */
export function DonationFunds({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<MovedLine | null>(null);
  const lines = donation.allocations ?? [];
  const canMove = can(user, 'manage-fund-distributions') && donation.status === 'received';
  const nameOf = (line: (typeof lines)[number]) =>
    donation.fund_names?.[line.fund_id] ??
    (line.fund_id === DEFAULT_FUND_ID
      ? t('funds.split.default_fund')
      : t('funds.split.other_fund'));
  return (
    <Card as="div" testId="donation-allocations">
      <h2>{t('funds.split.title')}</h2>
      {lines.length === 0 ? (
        <p className="muted">{t('funds.split.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('funds.split.fund')}</th>
              <th>{t('funds.split.project')}</th>
              <th className="money">{t('funds.transfer.amount')}</th>
              {canMove && <th>{t('table.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={`${line.fund_id}:${line.project_id ?? ''}`}>
                <td>
                  {can(user, 'manage-fund-distributions') ? (
                    <Link to={pathFor('fund-management.fund', { id: line.fund_id })}>
                      {nameOf(line)}
                    </Link>
                  ) : (
                    nameOf(line)
                  )}
                </td>
                <td>
                  {line.project_id ? (
                    <Link to={pathFor('fund-management.project', { id: line.project_id })}>
                      {donation.project_names?.[line.project_id] ?? t('funds.split.other_project')}
                    </Link>
                  ) : (
                    <span className="muted">{t('funds.split.no_project')}</span>
                  )}
                </td>
                <td className="money">{formatMoney(line.amount, i18n.language)}</td>
                {canMove && (
                  <td>
                    <Button
                      onClick={() =>
                        setMoving({
                          fund_id: line.fund_id,
                          project_id: line.project_id ?? null,
                          amount: line.amount,
                          fund_name: nameOf(line),
                        })
                      }
                    >
                      {t('funds.move.open')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {donation.allocation_defaulted && <Badge colour="gray">{t('funds.split.defaulted')}</Badge>}
      {moving && (
        <MovePanel
          donationId={donation.id}
          line={moving}
          onClose={() => setMoving(null)}
          onDone={(result) => {
            setMoving(null);
            showToast({ type: 'success', title: t('common.success'), message: result.message });
            void queryClient.invalidateQueries({ queryKey: ['donations'] });
            void queryClient.invalidateQueries({ queryKey: ['funds'] });
          }}
        />
      )}
    </Card>
  );
}
