import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { StatTiles } from '@/components/StatTiles';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { formatDate, formatMoney } from '@/lib/format';
import { can } from '@/lib/permissions';
import { giftAidApi, giftAidKeys, type Claim } from './api';
import { ClaimLines } from './ClaimLines';
import { ClaimGasdsTable } from './GasdsTables';
import { ClaimStateBadge } from './GiftAidBadge';
import { MarkPaidDialog } from './MarkPaidDialog';
import { PaidSummary } from './PaidSummary';
import { CLAIM_POLL_MS, SCHEDULE_MAX_LINES } from './constants';
import { Reversals } from './Reversals';
import { problemText } from './problem-text';
import { Submissions } from './Submissions';

function busy(claim: Claim | undefined): boolean {
  if (!claim) return true;
  if (claim.state === 'submitted') return true;
  if (claim.paid && !claim.paid.allocated) return true;
  if (claim.state === 'draft' && claim.build_status === 'building') return true;
  return claim.state === 'sealed' && !claim.files_ready;
}

export default function ClaimPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { report_id: id = '' } = useParams();
  const client = useQueryClient();
  const user = useUser();
  const manage = can(user, ['manage-unclaimed']);
  const [cancelling, setCancelling] = useState(false);
  const [markingPaid, setMarkingPaid] = useState(false);
  const [working, setWorking] = useState(false);
  const { data: claim } = useQuery({
    queryKey: giftAidKeys.claim(id),
    queryFn: () => giftAidApi.claim(id),
    refetchInterval: (query) => (busy(query.state.data) ? CLAIM_POLL_MS : false),
  });
  // Files exist once sealed; they are written just after the seal, so keep asking until listed.
  const filesExpected = Boolean(claim && claim.state !== 'draft' && claim.state !== 'cancelled');
  const { data: files } = useQuery({
    queryKey: giftAidKeys.files(id),
    queryFn: () => giftAidApi.files(id),
    enabled: filesExpected && Boolean(claim?.files_ready),
    refetchInterval: (query) =>
      claim?.state === 'sealed' && (query.state.data?.data.length ?? 0) === 0
        ? CLAIM_POLL_MS
        : false,
  });
  const lineOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const error of claim?.errors ?? []) {
      for (const donationId of error.donation_ids) if (error.line) map.set(donationId, error.line);
    }
    return map;
  }, [claim?.errors]);
  if (!claim) return <Spinner />;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: giftAidKeys.claim(id) });
    void client.invalidateQueries({ queryKey: giftAidKeys.submissions(id) });
    void client.invalidateQueries({ queryKey: ['table'] });
  };
  const act = async (action: () => Promise<unknown>) => {
    setWorking(true);
    try {
      await action();
      refresh();
    } finally {
      setWorking(false);
    }
  };
  const canCancel = manage && (claim.state === 'draft' || claim.state === 'sealed');
  const canSeal = manage && claim.state === 'draft' && claim.build_status === 'ready';
  const canSubmit = manage && claim.state === 'sealed' && claim.files_ready;
  const canMarkPaid = manage && claim.state === 'accepted' && !claim.paid;

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('passed.show'))}
        actions={
          <>
            {canSeal && (
              <Button disabled={working} onClick={() => void act(() => giftAidApi.seal(id))}>
                {t('giftaid.claim.seal')}
              </Button>
            )}
            {canSubmit && (
              <Button
                variant="primary"
                disabled={working}
                onClick={() => void act(() => giftAidApi.submit(id))}
              >
                {t('giftaid.claim.submit')}
              </Button>
            )}
            {canMarkPaid && (
              <Button variant="primary" onClick={() => setMarkingPaid(true)}>
                {t('giftaid.paid.action')}
              </Button>
            )}
            {canCancel && (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                {t('giftaid.claim.cancel')}
              </Button>
            )}
          </>
        }
      />
      <Card as="div" testId="claim-summary">
        <p>
          <strong>
            {t('giftaid.claim.title', { date: formatDate(claim.created_at, locale) })}
          </strong>{' '}
          <ClaimStateBadge state={claim.state} />{' '}
          {busy(claim) && <span role="status">{t(`giftaid.claim.busy_${claim.state}`)}</span>}
        </p>
        {claim.state === 'submitted' && (
          <progress className="progress" aria-label={t('giftaid.claim.busy_submitted')} />
        )}
        {claim.state === 'accepted' && claim.receipt && (
          <p data-testid="claim-receipt">
            {t('giftaid.claim.receipt', { receipt: claim.receipt })}
          </p>
        )}
        {claim.paid && <PaidSummary paid={claim.paid} />}
        {claim.correlation_id && (
          <p className="muted">{t('giftaid.claim.correlation', { id: claim.correlation_id })}</p>
        )}
        {claim.irmark && (
          <p className="muted">{t('giftaid.claim.irmark', { irmark: claim.irmark })}</p>
        )}
      </Card>
      <StatTiles
        label={t('giftaid.claim.totals')}
        tiles={[
          {
            key: 'donations',
            label: t('giftaid.claim.donations'),
            value: String(claim.counts.donations),
          },
          {
            key: 'lines',
            label: t('giftaid.claim.lines_count'),
            value: String(claim.counts.lines),
          },
          {
            key: 'total',
            label: t('giftaid.new_claim.donation_total'),
            value: formatMoney(claim.donation_total, locale),
          },
          {
            key: 'tax',
            label: t('giftaid.claim.tax_claimed'),
            value: formatMoney(claim.tax_claimed, locale),
          },
          ...(claim.gasds.length > 0
            ? [
                {
                  key: 'gasds',
                  label: t('giftaid.claim.gasds_top_up'),
                  value: formatMoney(claim.gasds_top_up, locale),
                  hint: t('giftaid.claim.gasds_hint', {
                    amount: formatMoney(claim.gasds_total, locale),
                  }),
                },
              ]
            : []),
          ...(Number(claim.adjustment) > 0
            ? [
                {
                  key: 'adjustment',
                  label: t('giftaid.claim.adjustment'),
                  value: `− ${formatMoney(claim.adjustment, locale)}`,
                },
              ]
            : []),
          {
            key: 'net',
            label: t('giftaid.claim.net_total'),
            value: formatMoney(claim.net_total, locale),
          },
        ]}
      />
      {claim.gasds.length > 0 && (
        <Card as="div">
          <h2>{t('giftaid.gasds.title')}</h2>
          <ClaimGasdsTable rows={claim.gasds} />
        </Card>
      )}
      {claim.reversals.length > 0 && (
        <Card as="div" testId="claim-adjustment">
          <h2>{t('giftaid.adjustments.in_claim')}</h2>
          {claim.other_info && (
            <p>
              {t('giftaid.adjustments.hmrc_text')} <q>{claim.other_info}</q>
            </p>
          )}
          <Reversals rows={claim.reversals} testId="claim-reversals" />
        </Card>
      )}
      {claim.counts.skipped > 0 && (
        <div className="notice" data-testid="claim-skipped">
          <p>{t('giftaid.claim.skipped_list', { count: claim.counts.skipped })}</p>
          <ul>
            {claim.skipped.map((skipped) => (
              <li key={skipped.donation_id}>
                {skipped.reason === 'not_found' ? (
                  skipped.donation_id
                ) : (
                  <Link to={pathFor('donations.show', { id: skipped.donation_id })}>
                    {t('giftaid.claim.donation_link')}
                  </Link>
                )}
                {': '}
                {skipped.reason_text ?? skipped.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {claim.problems.length > 0 && (
        <div className="warnings" role="status" data-testid="claim-preflight">
          <strong>{t('giftaid.claim.preflight')}</strong>
          <ul>
            {claim.problems.map((problem, index) => (
              <li key={index}>
                {problemText(t, problem)}
                {problem.key === 'giftaid.settings_incomplete' && (
                  <>
                    {' '}
                    <Link to={pathFor('giftaid_settings')}>{t('giftaid.fix.settings')}</Link>
                  </>
                )}
                {(problem.donation_ids ?? []).map((donationId) => (
                  <span key={donationId}>
                    {' '}
                    <Link to={pathFor('donations.show', { id: donationId })}>
                      {t('giftaid.claim.donation_link')}
                    </Link>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {claim.errors.length > 0 && (
        <div className="warnings" role="alert" data-testid="claim-errors">
          <strong>{t('giftaid.claim.errors')}</strong>
          <ul>
            {claim.errors.map((error, index) => (
              <li key={index}>
                {error.line !== null && `${t('giftaid.claim.line', { line: error.line })}: `}
                {error.text}
                {error.donation_ids.map((donationId) => (
                  <span key={donationId}>
                    {' '}
                    <Link to={pathFor('donations.show', { id: donationId })}>
                      {t('giftaid.claim.donation_link')}
                    </Link>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {files && files.data.length > 0 && (
        <Card as="div" testId="claim-files">
          <h2>{t('giftaid.claim.files')}</h2>
          {claim.counts.lines > SCHEDULE_MAX_LINES && (
            <p className="muted">{t('giftaid.claim.zip_hint')}</p>
          )}
          <ul>
            {files.data.map((file) => (
              <li key={file.name}>
                <a href={file.url} download={file.name}>
                  {t(`giftaid.claim.file_${file.kind}`)} ({file.name})
                </a>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <ClaimLines claimId={id} errorLines={lineOf} />
      <Submissions claimId={id} state={claim.state} />
      {markingPaid && (
        <MarkPaidDialog
          netTotal={claim.net_total}
          submittedOn={(claim.submitted_at ?? claim.sealed_at ?? '').slice(0, 10) || null}
          onCancel={() => setMarkingPaid(false)}
          onSubmit={async (input) => {
            await giftAidApi.markPaid(id, input);
            setMarkingPaid(false);
            refresh();
          }}
        />
      )}
      {cancelling && (
        <ConfirmDialog
          title={t('giftaid.claim.cancel_title')}
          confirmLabel={t('giftaid.claim.cancel')}
          danger
          busy={working}
          onCancel={() => setCancelling(false)}
          onConfirm={() =>
            void act(() => giftAidApi.cancel(id)).finally(() => setCancelling(false))
          }
        >
          <p>{t('giftaid.claim.cancel_explain')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
