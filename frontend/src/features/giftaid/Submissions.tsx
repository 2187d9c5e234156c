import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { formatDate } from '@/lib/format';
import { giftAidApi, giftAidKeys, type ClaimState } from './api';
import { CLAIM_POLL_MS } from './constants';

/** Every exchange with HMRC's gateway: what was sent and what came back. */
export function Submissions({ claimId, state }: { claimId: string; state: ClaimState }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: giftAidKeys.submissions(claimId),
    queryFn: () => giftAidApi.submissions(claimId),
    enabled: state !== 'draft',
    refetchInterval: state === 'submitted' ? CLAIM_POLL_MS : false,
  });
  if (!data || data.data.length === 0) return null;
  return (
    <Card as="div" className="data-table" testId="claim-submissions">
      <h2>{t('giftaid.claim.submissions')}</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th>{t('giftaid.submission.when')}</th>
              <th>{t('giftaid.submission.step')}</th>
              <th>{t('giftaid.submission.answer')}</th>
              <th>{t('giftaid.submission.summary')}</th>
              <th>{t('giftaid.submission.messages')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((row) => (
              <tr key={row.id}>
                <td>{formatDate(row.created_at, i18n.language)}</td>
                <td>{row.step}</td>
                <td>
                  {row.qualifier ?? ''} {row.http_status !== null ? `(${row.http_status})` : ''}
                </td>
                <td>{row.summary ?? ''}</td>
                <td>
                  {row.request_url && (
                    <a href={row.request_url}>{t('giftaid.submission.request')}</a>
                  )}{' '}
                  {row.response_url && (
                    <a href={row.response_url}>{t('giftaid.submission.response')}</a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
