import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import type { ClaimPaid } from './api';

/** "Gift Aid received £X on <date>, allocated to N funds" with a link to each fund. */
export function PaidSummary({ paid }: { paid: ClaimPaid }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const amount = formatMoney(paid.amount, locale);
  const date = formatDate(paid.date, locale);
  if (!paid.allocated) {
    return (
      <p data-testid="claim-paid" role="status">
        {t('giftaid.paid.allocating', { amount, date })}
      </p>
    );
  }
  return (
    <div data-testid="claim-paid">
      <p>{t('giftaid.paid.summary', { amount, date, count: paid.funds.length })}</p>
      <ul>
        {paid.funds.map((fund) => (
          <li key={fund.id}>
            <Link to={pathFor('fund-management.fund', { id: fund.id })}>{fund.name}</Link>
            {': '}
            {formatMoney(fund.amount, locale)}
          </li>
        ))}
      </ul>
    </div>
  );
}
