import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeColour } from '@/components/Badge';
import { Card } from '@/components/Card';
import { pathFor } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import type { DashboardFunds, FundTile } from './api';

/** The class badge: restricted and endowment funds are marked (their money is kept for a purpose). */
function classBadge(fundClass: string): { key: string; colour: BadgeColour } {
  if (fundClass === 'restricted') return { key: 'restricted', colour: 'orange' };
  if (fundClass.startsWith('endowment')) return { key: 'endowment', colour: 'purple' };
  if (fundClass === 'designated') return { key: 'designated', colour: 'blue' };
  return { key: 'unrestricted', colour: 'gray' };
}

function Tile({ fund }: { fund: FundTile }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const badge = classBadge(fund.fund_class);
  return (
    <li className="fund-tile">
      <Card as="article" className="stat-tile" testId={`fund-tile-${fund.id}`}>
        <span className="stat-tile__label">
          <Link to={pathFor('fund-management.fund', { id: fund.id })}>{fund.name}</Link>{' '}
          <Badge colour={badge.colour}>{t(`dashboard.funds.${badge.key}`)}</Badge>
        </span>
        <strong className="stat-tile__value">{money(fund.balance)}</strong>
        <span className="stat-tile__hint muted">
          {t('dashboard.funds.this_year', {
            income: money(fund.year_income),
            gift_aid: money(fund.year_gift_aid),
          })}
        </span>
        {fund.goal !== null && fund.goal_percent !== null && (
          <span className="stat-tile__hint muted">
            <progress
              max={100}
              value={Math.min(100, fund.goal_percent)}
              aria-label={t('funds.goal_progress', { name: fund.name })}
            />{' '}
            {t('dashboard.funds.goal', { percent: fund.goal_percent, goal: money(fund.goal) })}
          </span>
        )}
      </Card>
    </li>
  );
}

/** The dashboard's fund tiles: the largest active funds by balance (six at most), for users who
 * manage fund distributions; the figures come with the dashboard's one request. */
export function FundTiles({ funds }: { funds: DashboardFunds }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('dashboard.funds.title')}
      titleId="dashboard-funds"
      testId="dashboard-funds"
      actions={<Link to={pathFor('fund-management')}>{t('dashboard.funds.see_all')}</Link>}
    >
      {funds.tiles.length === 0 ? (
        <p className="muted">{t('dashboard.funds.none')}</p>
      ) : (
        <ul className="stat-tiles fund-tiles" aria-label={t('dashboard.funds.label')}>
          {funds.tiles.map((fund) => (
            <Tile key={fund.id} fund={fund} />
          ))}
        </ul>
      )}
    </Card>
  );
}
