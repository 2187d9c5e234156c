import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { pathFor } from '@/config/paths';
import { api } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import type { ClaimDetail } from './api';
import { giftAidApi, giftAidKeys } from './api';
import { CLAIM_LINES_PAGE } from './constants';

/** The claim's donations, page by page (cursor pages of GET /api/gift-aid/claims/{id}). */
export function ClaimLines({
  claimId,
  errorLines,
}: {
  claimId: string;
  errorLines: ReadonlyMap<string, number>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  const { data } = useQuery({
    queryKey: [...giftAidKeys.claim(claimId), 'lines', cursor],
    queryFn: () =>
      api.get<ClaimDetail>(giftAidApi.claimLinesEndpoint(claimId), {
        query: { length: CLAIM_LINES_PAGE, cursor: cursor ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });
  const lines = data?.lines;
  return (
    <Card as="div" className="data-table" testId="claim-lines">
      <h2>{t('giftaid.claim.lines')}</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t('donations.fields.date')}</th>
              <th>{t('donations.fields.donor')}</th>
              <th>{t('donations.fields.amount')}</th>
              <th>{t('giftaid.fields.gift_aid')}</th>
              <th>{t('giftaid.claim.gateway_error')}</th>
            </tr>
          </thead>
          <tbody>
            {lines?.data.length === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  {t('table.empty')}
                </td>
              </tr>
            )}
            {lines?.data.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={pathFor('donations.show', { id: row.id })}>
                    {formatDate(row.date, locale)}
                  </Link>
                </td>
                <td>{row.donor_name ?? ''}</td>
                <td className="money">{formatMoney(row.amount, locale)}</td>
                <td className="money">{row.gift_aid ? formatMoney(row.gift_aid, locale) : ''}</td>
                <td>
                  {errorLines.has(row.id)
                    ? t('giftaid.claim.line', { line: errorLines.get(row.id) })
                    : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <Button disabled={cursors.length < 2} onClick={() => setCursors((all) => all.slice(0, -1))}>
          {t('table.previous')}
        </Button>
        <Button
          disabled={!lines?.meta.next_cursor}
          onClick={() =>
            lines?.meta.next_cursor && setCursors((all) => [...all, lines.meta.next_cursor])
          }
        >
          {t('table.next')}
        </Button>
      </div>
    </Card>
  );
}
