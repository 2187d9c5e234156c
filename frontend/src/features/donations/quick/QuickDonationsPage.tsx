import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { FieldError, FormError } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { routeTitleKey } from '@/config/paths';
import { DonorLookup } from '@/features/donors/DonorLookup';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { donationsApi, PAYMENT_METHODS } from '../api';
import { useCatalogs } from '../useCatalogs';
import {
  errorsByRow,
  filledRows,
  newRow,
  QUICK_COLUMNS,
  runningTotals,
  toInput,
  type QuickColumn,
  type QuickRow,
  type RowErrors,
} from './grid';

const START_ROWS = 3;

/** Keyboard-first entry of many donations: Enter moves down, one save stores all or none. */
export default function QuickDonationsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { types, locations } = useCatalogs();
  const [rows, setRows] = useState<QuickRow[]>(() => {
    const first = newRow();
    return [first, ...Array.from({ length: START_ROWS - 1 }, () => newRow(first))];
  });
  const [errors, setErrors] = useState<Map<number, RowErrors>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const cells = useRef(new Map<string, HTMLElement | null>());
  const pendingFocus = useRef<string | null>(null);
  const totals = runningTotals(rows);

  const cellRef = (row: QuickRow, column: QuickColumn) => (element: HTMLElement | null) => {
    const name = `${row.key}:${column}`;
    cells.current.set(name, element);
    if (element && pendingFocus.current === name) {
      pendingFocus.current = null;
      element.focus();
    }
  };

  const update = (key: number, change: Partial<QuickRow>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setErrors((current) => {
      if (!current.has(key)) return current;
      const next = new Map(current);
      const rowErrors = { ...next.get(key) };
      for (const field of Object.keys(change)) delete rowErrors[field];
      next.set(key, rowErrors);
      return next;
    });
  };

  /** Enter: the same column of the next row, adding a row at the end. */
  const onEnter = (index: number, column: QuickColumn) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const below = rows[index + 1];
    if (below) {
      cells.current.get(`${below.key}:${column}`)?.focus();
      return;
    }
    const added = newRow(rows[index]);
    pendingFocus.current = `${added.key}:${column}`;
    setRows((current) => [...current, added]);
  };

  const removeRow = (key: number) =>
    setRows((current) => (current.length > 1 ? current.filter((row) => row.key !== key) : current));

  const save = async () => {
    const sent = filledRows(rows);
    if (sent.length === 0) {
      setMessage(t('quick.nothing'));
      return;
    }
    setSaving(true);
    setMessage(null);
    setErrors(new Map());
    try {
      const result = await donationsApi.quick(sent.map(toInput));
      showToast({ type: 'success', title: t('common.success'), message: result.message });
      void client.invalidateQueries({ queryKey: ['table'] });
      void client.invalidateQueries({ queryKey: ['donations'] });
      void client.invalidateQueries({ queryKey: ['donors'] });
      const first = newRow(sent[sent.length - 1]);
      setRows([first, ...Array.from({ length: START_ROWS - 1 }, () => newRow(first))]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(errorsByRow(sent, error.fieldErrors ?? {}));
        setMessage(error.message || t('quick.invalid'));
      } else {
        setMessage(t('errors.default'));
      }
    } finally {
      setSaving(false);
    }
  };

  const columnLabel = (column: QuickColumn) => t(`quick.columns.${column}`);

  return (
    <section>
      <PageHeader title={t(routeTitleKey('donations.quick'))} />
      <p className="muted">{t('quick.intro')}</p>
      <FormError message={message} />
      <Card as="div" className="table-scroll">
        <table className="quick-grid" data-testid="quick-grid">
          <thead>
            <tr>
              <th>#</th>
              {QUICK_COLUMNS.map((column) => (
                <th key={column}>{columnLabel(column)}</th>
              ))}
              <th>
                <span className="visually-hidden">{t('table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const rowErrors = errors.get(row.key) ?? {};
              const invalid = Object.values(rowErrors).some((list) => list.length > 0);
              const label = (column: QuickColumn) =>
                t('quick.cell', { column: columnLabel(column), row: index + 1 });
              const common = (column: QuickColumn) => ({
                ref: cellRef(row, column),
                'aria-label': label(column),
                'aria-invalid': rowErrors[column] ? true : undefined,
                onKeyDown: onEnter(index, column),
              });
              return (
                <tr
                  key={row.key}
                  aria-invalid={invalid || undefined}
                  data-testid={`quick-row-${index + 1}`}
                >
                  <td>{index + 1}</td>
                  <td>
                    <DonorLookup
                      ref={cellRef(row, 'donor')}
                      hideLabel
                      label={label('donor')}
                      value={row.donor}
                      invalid={Boolean(rowErrors.donor)}
                      onChange={(donor) => update(row.key, { donor })}
                      onKeyDown={onEnter(index, 'donor')}
                      placeholder={t('donations.anonymous_hint')}
                    />
                    <FieldError messages={rowErrors.donor} />
                  </td>
                  <td>
                    <input
                      {...common('amount')}
                      inputMode="decimal"
                      value={row.amount}
                      onChange={(event) => update(row.key, { amount: event.target.value })}
                    />
                    <FieldError messages={rowErrors.amount} />
                  </td>
                  <td>
                    <input
                      {...common('date')}
                      type="date"
                      value={row.date}
                      onChange={(event) => update(row.key, { date: event.target.value })}
                    />
                    <FieldError messages={rowErrors.date} />
                  </td>
                  <td>
                    <select
                      {...common('type_id')}
                      value={row.type_id}
                      onChange={(event) => update(row.key, { type_id: event.target.value })}
                    >
                      <option value="">{t('donations.none')}</option>
                      {types.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.name}
                        </option>
                      ))}
                    </select>
                    <FieldError messages={rowErrors.type_id} />
                  </td>
                  <td>
                    <select
                      {...common('payment_method')}
                      value={row.payment_method}
                      onChange={(event) =>
                        update(row.key, {
                          payment_method: event.target.value as QuickRow['payment_method'],
                        })
                      }
                    >
                      {PAYMENT_METHODS.map((method) => (
                        <option key={method} value={method}>
                          {t(`donations.methods.${method}`)}
                        </option>
                      ))}
                    </select>
                    <FieldError messages={rowErrors.payment_method} />
                  </td>
                  <td>
                    <select
                      {...common('location_id')}
                      value={row.location_id}
                      onChange={(event) => update(row.key, { location_id: event.target.value })}
                    >
                      <option value="">{t('donations.none')}</option>
                      {locations.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.name}
                        </option>
                      ))}
                    </select>
                    <FieldError messages={rowErrors.location_id} />
                  </td>
                  <td>
                    <input
                      {...common('external_ref')}
                      value={row.external_ref}
                      onChange={(event) => update(row.key, { external_ref: event.target.value })}
                    />
                    <FieldError messages={rowErrors.external_ref} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('quick.remove_row', { row: index + 1 })}
                      onClick={() => removeRow(row.key)}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      <div className="inline-actions">
        <Button
          onClick={() => setRows((current) => [...current, newRow(current[current.length - 1])])}
        >
          {t('quick.add_row')}
        </Button>
        <p role="status" data-testid="quick-totals">
          {t('quick.running', {
            count: totals.count,
            total: formatMoney(totals.total, i18n.language),
          })}
        </p>
        <Button variant="primary" disabled={saving} aria-busy={saving} onClick={() => void save()}>
          {t('quick.save', { count: totals.count })}
        </Button>
      </div>
    </section>
  );
}
