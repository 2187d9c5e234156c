import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import type { ReversalRow } from './api';

/** Donations of earlier claims whose tax is deducted (refunded, cancelled, declaration cancelled). */
export function Reversals({ rows, testId }: { rows: ReversalRow[]; testId: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="table-scroll" data-testid={testId}>
      <table>
        <thead>
          <tr>
            <th>{t('donations.fields.date')}</th>
            <th>{t('donations.fields.donor')}</th>
            <th>{t('donations.fields.amount')}</th>
            <th>{t('giftaid.adjustments.tax')}</th>
            <th>{t('giftaid.adjustments.why')}</th>
            <th>{t('giftaid.adjustments.claimed_in')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.donation_id}>
              <td>
                <Link to={pathFor('donations.show', { id: row.donation_id })}>
                  {formatDate(row.date, locale)}
                </Link>
              </td>
              <td>{row.donor_name ?? t('donations.anonymous')}</td>
              <td className="money">{formatMoney(row.amount, locale)}</td>
              <td className="money">{formatMoney(row.tax, locale)}</td>
              <td>{t(`giftaid.adjustments.causes.${row.cause}`)}</td>
              <td>
                <Link to={pathFor('passed.show', { report_id: row.claim_id })}>
                  {formatDate(row.claim_label, locale)}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
