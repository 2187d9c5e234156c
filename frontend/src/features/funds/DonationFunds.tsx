import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { Badge } from '@/components/Badge';
import type { Donation } from '@/features/donations/api';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { fundKeys, fundsApi } from './api';
import { DEFAULT_FUND_ID } from './split';

/** The donation page's "Funds" card: each fund (and project) the donation is booked to and its
 * amount. The
 * fund names are looked up only when a line is on a fund other than the default one. */
export function DonationFunds({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation();
  const lines = donation.allocations ?? [];
  const needsNames = lines.some((line) => line.fund_id !== DEFAULT_FUND_ID || line.project_id);
  const { data } = useQuery({
    queryKey: fundKeys.options,
    queryFn: fundsApi.options,
    enabled: needsNames,
    staleTime: 60_000,
  });
  const nameOf = (fundId: string) =>
    data?.data.find((fund) => fund.id === fundId)?.name ??
    (fundId === DEFAULT_FUND_ID ? t('funds.split.default_fund') : t('funds.split.other_fund'));
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
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={`${line.fund_id}:${line.project_id ?? ''}`}>
                <td>{nameOf(line.fund_id)}</td>
                <td>
                  {line.project_id ? (
                    <Link to={pathFor('fund-management.project', { id: line.project_id })}>
                      {data?.projects?.find((project) => project.id === line.project_id)?.name ??
                        t('funds.split.other_project')}
                    </Link>
                  ) : (
                    <span className="muted">{t('funds.split.no_project')}</span>
                  )}
                </td>
                <td className="money">{formatMoney(line.amount, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {donation.allocation_defaulted && <Badge colour="gray">{t('funds.split.defaulted')}</Badge>}
    </Card>
  );
}
