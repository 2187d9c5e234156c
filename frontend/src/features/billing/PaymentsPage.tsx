import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeColour } from '@/components/Badge';
import { Button, ButtonLink } from '@/components/Button';
import { Card } from '@/components/Card';
import { CheckboxField, SelectField, TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { ModeBadge } from '@/features/gateways/ModeBadge';
import { PROVIDERS } from '@/features/gateways/api';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import {
  billingApi,
  billingKeys,
  PAYMENT_STATUSES,
  type Payment,
  type PaymentFilters,
  type PaymentStatus,
  type PayoutGroup,
} from './api';

const STATUS_COLOURS: Record<PaymentStatus, BadgeColour> = {
  pending: 'amber',
  succeeded: 'green',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'sky',
  disputed: 'orange',
};

const PAGE_LENGTH = 50;

function saveText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface FilterValues {
  [key: string]: unknown;
  provider: string;
  status: string;
  payout_id: string;
  unmatched: boolean;
  from: string;
  to: string;
}

/** /billings/payments: the gateways' transactions with their fees and payouts, matched to the
 * donations they made (or why not), grouped by payout for bank reconciliation, and their CSV. */
export default function PaymentsPage() {
  const { t, i18n } = useTranslation();
  const filterForm = useForm<FilterValues>({
    provider: '',
    status: '',
    payout_id: '',
    unmatched: false,
    from: '',
    to: '',
  });
  const filters: PaymentFilters = {
    provider: filterForm.values.provider || undefined,
    status: filterForm.values.status || undefined,
    payout_id: filterForm.values.payout_id.trim() || undefined,
    unmatched: filterForm.values.unmatched || undefined,
    from: filterForm.values.from || undefined,
    to: filterForm.values.to || undefined,
  };
  // the pages seen of these filters (a new filter starts again from the first page); a list
  // that pages by cursor gives the next page's, one paged by number its total
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<{ key: string; page: number; cursors: (string | null)[] }>({
    key: filterKey,
    page: 1,
    cursors: [null],
  });
  const current = paging.key === filterKey ? paging : { key: filterKey, page: 1, cursors: [null] };
  const page = current.page;
  const cursor = current.cursors[page - 1] ?? null;
  const { data, isPending } = useQuery({
    queryKey: billingKeys.payments(filters, page, cursor, PAGE_LENGTH),
    queryFn: () => billingApi.payments(filters, page, cursor, PAGE_LENGTH),
  });
  const total = typeof data?.meta.total === 'number' ? data.meta.total : null;
  const hasNext = Boolean(data?.meta.next_cursor) || (total !== null && page * PAGE_LENGTH < total);
  const goTo = (next: number) => {
    const cursors = [...current.cursors];
    if (next > page) cursors[page] = data?.meta.next_cursor ?? null;
    setPaging({ key: filterKey, page: next, cursors });
  };
  const [grouped, setGrouped] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const money = (amount: string | null) => (amount === null ? '' : formatMoney(amount));
  const rows = data?.data ?? [];
  const payouts = data?.meta.payouts ?? [];

  const download = async () => {
    setDownloading(true);
    try {
      const text = await billingApi.paymentsCsv(filters);
      saveText(text, 'gateway-payments.csv');
    } catch (error) {
      console.error('Payments download failed', error);
      showToast({
        type: 'error',
        title: t('errors.title'),
        message: t('billing.payments.download_failed'),
      });
    } finally {
      setDownloading(false);
    }
  };

  const head = (
    <thead>
      <tr>
        <th>{t('billing.payments.fields.date')}</th>
        <th>{t('billing.payments.fields.provider')}</th>
        <th className="money">{t('billing.payments.fields.gross')}</th>
        <th className="money">{t('billing.payments.fields.fee')}</th>
        <th className="money">{t('billing.payments.fields.net')}</th>
        <th>{t('billing.payments.fields.status')}</th>
        <th>{t('billing.payments.fields.payout')}</th>
        <th>{t('billing.payments.fields.donation')}</th>
      </tr>
    </thead>
  );
  const line = (payment: Payment) => (
    <tr key={`${payment.provider}:${payment.business_key}`} data-testid="payment-row">
      <td>{formatDateTime(payment.created_at, i18n.language)}</td>
      <td>
        {t(`gateways.providers.${payment.provider}`)}{' '}
        {payment.mode === 'test' && <ModeBadge mode="test" />}
        <div className="muted break-anywhere">
          <code>{payment.business_key}</code>
        </div>
      </td>
      <td className="money">{money(payment.gross)}</td>
      <td className="money">{money(payment.fee)}</td>
      <td className="money">{money(payment.net)}</td>
      <td>
        <Badge colour={STATUS_COLOURS[payment.status] ?? 'gray'}>
          {t(`billing.payments.status.${payment.status}`, { defaultValue: payment.status })}
        </Badge>
        {Number(payment.refunded) > 0 && (
          <div className="muted">
            {t('billing.payments.refunded', { amount: money(payment.refunded) })}
          </div>
        )}
      </td>
      <td className="break-anywhere">
        {payment.payout_id ? (
          <>
            <code>{payment.payout_id}</code>
            {payment.payout_date && (
              <div className="muted">{formatDate(payment.payout_date, i18n.language)}</div>
            )}
          </>
        ) : (
          <span className="muted">{t('billing.payments.not_paid_out')}</span>
        )}
      </td>
      <td>
        {payment.donation_id ? (
          <Link to={pathFor('donations.show', { id: payment.donation_id })}>
            {payment.donor_name ?? t('billing.payments.view_donation')}
          </Link>
        ) : (
          <Badge colour="red">
            {t('billing.payments.unmatched', {
              reason: payment.unmatched_reason ?? t('common.none'),
            })}
          </Badge>
        )}
      </td>
    </tr>
  );
  const table = (body: ReactNode, testId: string, caption?: ReactNode) => (
    <Card as="div" className="table-scroll" testId={testId}>
      <table>
        {caption && <caption>{caption}</caption>}
        {head}
        <tbody>{body}</tbody>
      </table>
    </Card>
  );
  const empty = (
    <tr>
      <td colSpan={8} className="muted">
        {t('billing.payments.empty')}
      </td>
    </tr>
  );

  const groups: { payout: PayoutGroup | null; rows: Payment[] }[] = [
    ...payouts.map((payout) => ({
      payout,
      rows: rows.filter((row) => row.payout_id === payout.payout_id),
    })),
  ];
  const unpaid = rows.filter(
    (row) => !row.payout_id || !payouts.some((payout) => payout.payout_id === row.payout_id),
  );
  if (unpaid.length > 0) groups.push({ payout: null, rows: unpaid });

  return (
    <section>
      <PageHeader
        title={t(routeTitleKey('billings.payments'))}
        actions={
          <>
            <ButtonLink to={pathFor('accounts')}>{t('routes.accounts')}</ButtonLink>
            <Button loading={downloading} onClick={() => void download()}>
              {t('billing.payments.download')}
            </Button>
          </>
        }
      />
      <Card as="div" testId="payment-filters">
        <div className="grid-2">
          <SelectField
            form={filterForm}
            name="provider"
            label={t('billing.payments.fields.provider')}
            placeholder={t('billing.payments.any')}
            options={PROVIDERS.map((value) => ({
              value,
              label: t(`gateways.providers.${value}`),
            }))}
          />
          <SelectField
            form={filterForm}
            name="status"
            label={t('billing.payments.fields.status')}
            placeholder={t('billing.payments.any')}
            options={PAYMENT_STATUSES.map((value) => ({
              value,
              label: t(`billing.payments.status.${value}`),
            }))}
          />
          <TextField
            form={filterForm}
            name="payout_id"
            label={t('billing.payments.fields.payout')}
          />
          <TextField
            form={filterForm}
            name="from"
            type="date"
            label={t('billing.payments.fields.from')}
          />
          <TextField
            form={filterForm}
            name="to"
            type="date"
            label={t('billing.payments.fields.to')}
          />
        </div>
        <CheckboxField
          form={filterForm}
          name="unmatched"
          label={t('billing.payments.only_unmatched')}
        />
        <div className="field field--checkbox">
          <input
            id="group-by-payout"
            type="checkbox"
            checked={grouped}
            onChange={(event) => setGrouped(event.target.checked)}
          />
          <label htmlFor="group-by-payout">{t('billing.payments.group_by_payout')}</label>
        </div>
      </Card>
      {isPending ? (
        <Spinner />
      ) : !grouped ? (
        table(rows.length === 0 ? empty : rows.map(line), 'payments-table')
      ) : groups.length === 0 ? (
        table(empty, 'payments-table')
      ) : (
        groups.map(({ payout, rows: members }) => (
          <div key={payout?.payout_id ?? 'unpaid'} data-testid="payout-group">
            {table(
              members.map(line),
              `payout-${payout?.payout_id ?? 'none'}`,
              payout ? (
                <span data-testid="payout-totals">
                  {t('billing.payments.payout_caption', {
                    id: payout.payout_id,
                    date: formatDate(payout.payout_date, i18n.language),
                    count: payout.count,
                    gross: money(payout.gross),
                    fee: money(payout.fee),
                    net: money(payout.net),
                  })}
                </span>
              ) : (
                t('billing.payments.unpaid_caption', { count: members.length })
              ),
            )}
          </div>
        ))
      )}
      {(page > 1 || hasNext) && (
        <div className="form-actions">
          <Button disabled={page < 2} onClick={() => goTo(page - 1)}>
            {t('billing.payments.previous_page')}
          </Button>
          <span className="muted" data-testid="payments-page">
            {total !== null
              ? t('billing.payments.page_of', {
                  page,
                  pages: Math.max(1, Math.ceil(total / PAGE_LENGTH)),
                })
              : t('billing.payments.page', { page })}
          </span>
          <Button disabled={!hasNext} onClick={() => goTo(page + 1)}>
            {t('billing.payments.next_page')}
          </Button>
        </div>
      )}
    </section>
  );
}
