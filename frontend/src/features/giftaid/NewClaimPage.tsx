import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { LazyConfirmDialog as ConfirmDialog } from '@/components/LazyConfirmDialog';
import { DataTable, type BulkAction } from '@/components/data-table';
import { PageHeader } from '@/components/PageHeader';
import { StatTiles } from '@/components/StatTiles';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useUser } from '@/lib/auth-store';
import { formatMoney } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy-component';
import { can } from '@/lib/permissions';
import type { ListResponse } from '@/lib/types';
import { giftAidApi, type BulkGiftAidResult, type ClaimableResponse, type ClaimRow } from './api';
import { claimRowColumns } from './columns';
import { ExcludedDonations } from './ExcludedDonations';
import { GasdsEstimates } from './GasdsTables';
import { ProblemGroups } from './ProblemGroups';
import { donationLabel, summarise, type Selection } from './selection';

// Shown on a user's action (excluding lines, a bulk result, a claim being built), not when the
// page opens: loaded then, with their messages (ADR 0023).
const ClaimBuildProgress = lazyComponent(() =>
  import('./ClaimBuildProgress').then((module) => module.ClaimBuildProgress),
);
const ExcludeSelectedDialog = lazyComponent(() =>
  import('./ExcludeSelected').then((module) => module.ExcludeSelectedDialog),
);
const BulkFailures = lazyComponent(() =>
  import('./ExcludeSelected').then((module) => module.BulkFailures),
);
// Shown only when the lines to claim come with open reversals.
const Reversals = lazyComponent(() => import('./Reversals').then((module) => module.Reversals));

export default function NewClaimPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const [body, setBody] = useState<ClaimableResponse | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [claimId, setClaimId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [excluding, setExcluding] = useState<{ ids: string[]; clear: () => void } | null>(null);
  const [failures, setFailures] = useState<{
    kind: 'not_excluded' | 'not_included';
    results: BulkGiftAidResult[];
  } | null>(null);
  const client = useQueryClient();
  const user = useUser();
  // Exclude and add back are donation changes (manage-donations), New Claim is manage-unclaimed.
  const canExclude = can(user, ['manage-donations']);
  const known = useRef(new Map<string, ClaimRow>());
  const columns = useMemo(() => claimRowColumns(t, locale), [t, locale]);
  const onData = useCallback((page: ListResponse<ClaimRow>) => {
    for (const row of page.data) known.current.set(row.id, row);
    for (const group of (page as ClaimableResponse).excluded ?? [])
      for (const row of group.examples) known.current.set(row.id, row);
    setBody(page as ClaimableResponse);
  }, []);
  const labelOf = (id: string) => {
    const row = known.current.get(id);
    return row ? donationLabel(row, locale) : id;
  };
  const refresh = () => client.invalidateQueries({ queryKey: ['table', 'gift_aid_claimable'] });
  // After "Exclude from claim…" / "Add back": a toast counts what was done, the rest is listed.
  const report = (
    results: BulkGiftAidResult[],
    done: 'excluded' | 'included',
    kind: 'not_excluded' | 'not_included',
  ) => {
    const count = results.filter((result) => result.outcome === done).length;
    const left = results.filter((result) => result.outcome !== done);
    showToast({
      type: left.length === 0 ? 'success' : 'info',
      title: t('common.success'),
      message: t(`giftaid.new_claim.bulk_${done}`, { count }),
    });
    setFailures(left.length > 0 ? { kind, results: left } : null);
    void refresh();
  };
  const bulkActions: BulkAction[] = canExclude
    ? [
        {
          key: 'exclude',
          label: t('giftaid.new_claim.exclude_selected'),
          onClick: (ids, clear) => setExcluding({ ids, clear }),
        },
      ]
    : [];
  const addBack = async (ids: string[]) => {
    report(await giftAidApi.includeMany(ids), 'included', 'not_included');
  };

  const totals = body?.totals ?? { count: 0, donation_total: '0.00', gift_aid_total: '0.00' };
  const selection: Selection =
    selectedIds.length > 0 ? { mode: 'some', ids: selectedIds } : { mode: 'all' };
  const summary = summarise(selection, totals, known.current);

  const create = async () => {
    if (!summary.request) return;
    setCreating(true);
    try {
      const created = await giftAidApi.createClaim(summary.request);
      setClaimId(created.claim_id);
    } finally {
      setCreating(false);
      setConfirming(false);
    }
  };
  // "All" claims every claimable donation, also those on pages not seen: ask first, with the
  // count and totals. Chosen rows are named by the button already, so they claim at once.
  const onCreate = () => (selection.mode === 'all' ? setConfirming(true) : void create());

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('un_claimed'))}
        actions={
          <ButtonLink to={pathFor('giftaid_settings')}>
            {t(routeTitleKey('giftaid_settings'))}
          </ButtonLink>
        }
      />
      <StatTiles
        label={t('giftaid.new_claim.totals')}
        tiles={[
          { key: 'count', label: t('giftaid.new_claim.count'), value: String(totals.count) },
          {
            key: 'donations',
            label: t('giftaid.new_claim.donation_total'),
            value: formatMoney(totals.donation_total, locale),
          },
          {
            key: 'gift_aid',
            label: t('giftaid.new_claim.gift_aid_total'),
            value: formatMoney(totals.gift_aid_total, locale),
          },
        ]}
      />
      {claimId ? (
        <Suspense fallback={null}>
          <ClaimBuildProgress
            claimId={claimId}
            onFinished={() => navigate(pathFor('passed.show', { report_id: claimId }))}
          />
        </Suspense>
      ) : (
        <Card as="div" testId="claim-selection">
          <p role="status">
            {t(
              selection.mode === 'all'
                ? 'giftaid.new_claim.claiming_all'
                : 'giftaid.new_claim.claiming_selected',
              {
                count: summary.count,
                total: formatMoney(summary.donationTotal, locale),
                gift_aid: formatMoney(summary.giftAidTotal, locale),
              },
            )}
          </p>
          <Button
            variant="primary"
            disabled={!summary.request}
            loading={creating}
            onClick={onCreate}
          >
            {selection.mode === 'all'
              ? t('giftaid.new_claim.create_all')
              : t('giftaid.new_claim.create_selected', { count: summary.count })}
          </Button>
        </Card>
      )}
      {confirming && !claimId && (
        <ConfirmDialog
          title={t('giftaid.new_claim.confirm_all_title', { count: summary.count })}
          confirmLabel={t('giftaid.new_claim.confirm_all_create')}
          busy={creating}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void create()}
        >
          <p>
            {t('giftaid.new_claim.confirm_all_body', {
              count: summary.count,
              total: formatMoney(summary.donationTotal, locale),
              gift_aid: formatMoney(summary.giftAidTotal, locale),
            })}
          </p>
        </ConfirmDialog>
      )}
      <h2>{t('giftaid.new_claim.lines')}</h2>
      <DataTable<ClaimRow>
        table="gift_aid_claimable"
        endpoint={giftAidApi.claimableEndpoint}
        searchPlaceholder={t('table.search_claim_lines')}
        columns={columns}
        exportable={false}
        defaults={{ sortBy: 'date' }}
        onData={onData}
        onSelectionChange={setSelectedIds}
        bulkActions={bulkActions}
      />
      <Suspense fallback={null}>
        {excluding && (
          <ExcludeSelectedDialog
            ids={excluding.ids}
            onCancel={() => setExcluding(null)}
            onDone={(results) => {
              excluding.clear();
              setExcluding(null);
              report(results, 'excluded', 'not_excluded');
            }}
          />
        )}
        {failures && (
          <BulkFailures
            kind={failures.kind}
            results={failures.results}
            labelOf={labelOf}
            onClose={() => setFailures(null)}
          />
        )}
      </Suspense>
      <h2>{t('giftaid.new_claim.problems')}</h2>
      {body && body.problems.length === 0 && (
        <p className="muted">{t('giftaid.new_claim.no_problems')}</p>
      )}
      {body && body.problems.length > 0 && (
        <ProblemGroups groups={body.problems} testId="claim-problems" />
      )}
      <h2>{t('giftaid.new_claim.excluded')}</h2>
      {body && body.excluded.length === 0 && (
        <p className="muted">{t('giftaid.new_claim.no_excluded')}</p>
      )}
      {body && body.excluded.length > 0 && (
        <ExcludedDonations groups={body.excluded} onAddBack={canExclude ? addBack : undefined} />
      )}
      <h2>{t('giftaid.adjustments.title')}</h2>
      {body && body.adjustments.count === 0 && (
        <p className="muted">{t('giftaid.adjustments.none')}</p>
      )}
      {body && body.adjustments.count > 0 && (
        <Card as="div" testId="claim-adjustments">
          <p role="status">
            {t('giftaid.adjustments.next_claim', {
              count: body.adjustments.count,
              tax: formatMoney(body.adjustments.tax_total, locale),
            })}
          </p>
          <Suspense fallback={null}>
            <Reversals rows={body.adjustments.data} testId="open-reversals" />
          </Suspense>
          {body.adjustments.other_info && (
            <p className="muted">
              {t('giftaid.adjustments.hmrc_text')} <q>{body.adjustments.other_info}</q>
            </p>
          )}
        </Card>
      )}
      <h2>{t('giftaid.gasds.title')}</h2>
      <p className="muted">{t('giftaid.gasds.explain')}</p>
      {body && body.gasds.length > 0 && <GasdsEstimates rows={body.gasds} />}
    </section>
  );
}
