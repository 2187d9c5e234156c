import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import type { ClaimGasds, GasdsEstimate } from './api';
import { explainGasds } from './gasds';

/** New Claim: small donations waiting per tax year and what a claim of everything would ask for. */
export function GasdsEstimates({ rows }: { rows: GasdsEstimate[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="table-scroll" data-testid="gasds-estimate">
      <table>
        <thead>
          <tr>
            <th>{t('giftaid.gasds.tax_year')}</th>
            <th>{t('giftaid.gasds.waiting')}</th>
            <th>{t('giftaid.gasds.estimate')}</th>
            <th>{t('giftaid.gasds.top_up')}</th>
            <th>{t('giftaid.gasds.why')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const why = explainGasds(row);
            return (
              <tr key={row.tax_year_end}>
                <td>{row.tax_year}</td>
                <td>
                  {t('giftaid.gasds.waiting_count', { count: row.count })} ·{' '}
                  {formatMoney(row.waiting, locale)}
                </td>
                <td className="money">{formatMoney(row.estimate, locale)}</td>
                <td className="money">{formatMoney(row.top_up, locale)}</td>
                <td>
                  {t(`giftaid.gasds.binding.${why.binding}`, {
                    gift_aided: formatMoney(row.gift_aided, locale),
                    limit: formatMoney(row.limit, locale),
                  })}
                  {why.shared &&
                    ` ${t('giftaid.gasds.shared', { amount: formatMoney(row.already_claimed, locale) })}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The claim page: GASDS the claim carries per tax year (R68 names a year by its end). */
export function ClaimGasdsTable({ rows }: { rows: ClaimGasds[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className="table-scroll" data-testid="claim-gasds">
      <table>
        <thead>
          <tr>
            <th>{t('giftaid.gasds.tax_year')}</th>
            <th>{t('giftaid.gasds.donations')}</th>
            <th>{t('giftaid.gasds.amount')}</th>
            <th>{t('giftaid.gasds.top_up')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.tax_year_end}>
              <td>
                {t('giftaid.gasds.year_ending', { year: row.tax_year_end, label: row.tax_year })}
              </td>
              <td className="money">{row.donations}</td>
              <td className="money">{formatMoney(row.amount, locale)}</td>
              <td className="money">{formatMoney(row.top_up, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
