import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { FieldError } from '@/components/forms';
import { formatMoney } from '@/lib/format';
import { fundKeys, fundsApi } from './api';
import { DEFAULT_FUND_ID, penceText, summarise, type SplitMode, type SplitValue } from './split';

/** The donation form's "Funds" section: one line on the default fund until the user chooses
 * another fund or splits the donation across several (amounts or percentages). The fund picker
 * is loaded only then (`GET /funds/options`), so a plain donation costs no extra call. */
export function SplitEditor({
  total,
  value,
  onChange,
  errors,
}: {
  total: string;
  value: SplitValue;
  onChange: (value: SplitValue) => void;
  /** The server's messages on `allocations` and its lines. */
  errors: string[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const stored =
    value.lines.length > 1 ||
    value.lines.some((line) => line.fund_id !== DEFAULT_FUND_ID || line.project_id);
  const [open, setOpen] = useState(stored);
  const options = useQuery({
    queryKey: fundKeys.options,
    queryFn: fundsApi.options,
    enabled: open,
    staleTime: 60_000,
  });
  const funds = options.data?.data ?? [];
  const projects = options.data?.projects ?? [];
  const projectName = (projectId: string) =>
    projects.find((project) => project.id === projectId)?.name ?? t('funds.split.other_project');
  const nameOf = (fundId: string) =>
    funds.find((fund) => fund.id === fundId)?.name ??
    (fundId === DEFAULT_FUND_ID ? t('funds.split.default_fund') : fundId);
  const split = value.lines.length > 1;
  const summary = summarise(total, value);
  const setLine = (index: number, patch: Partial<SplitValue['lines'][number]>) =>
    onChange({
      ...value,
      lines: value.lines.map((line, at) => (at === index ? { ...line, ...patch } : line)),
    });
  const addLine = () => {
    setOpen(true);
    const used = new Set(value.lines.map((line) => line.fund_id));
    const next = funds.find((fund) => !used.has(fund.id))?.id ?? '';
    onChange({ ...value, lines: [...value.lines, { fund_id: next, value: '' }] });
  };
  const removeLine = (index: number) =>
    onChange({ ...value, lines: value.lines.filter((_, at) => at !== index) });
  const setMode = (mode: SplitMode) =>
    onChange({ mode, lines: value.lines.map((line) => ({ ...line, value: '' })) });
  const description = funds.find((fund) => fund.id === value.lines[0]?.fund_id)?.description;

  return (
    <fieldset className="field" data-testid="donation-funds">
      <legend>{t('funds.split.title')}</legend>
      {!open ? (
        <p>
          {t('funds.split.all_to', { name: nameOf(value.lines[0]?.fund_id ?? DEFAULT_FUND_ID) })}{' '}
          <button type="button" className="link-button" onClick={() => setOpen(true)}>
            {t('funds.split.change')}
          </button>
        </p>
      ) : (
        <>
          {split && (
            <div className="inline-actions" role="radiogroup" aria-label={t('funds.split.mode')}>
              {(['amount', 'percent'] as const).map((mode) => (
                <label key={mode}>
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    checked={value.mode === mode}
                    onChange={() => setMode(mode)}
                  />{' '}
                  {t(`funds.split.by_${mode}`)}
                </label>
              ))}
            </div>
          )}
          {value.lines.map((line, index) => (
            <div key={index} className="inline-actions" data-testid={`split-line-${index}`}>
              <select
                value={line.fund_id}
                aria-label={t('funds.split.fund_n', { n: index + 1 })}
                onChange={(event) =>
                  setLine(index, { fund_id: event.target.value, project_id: undefined })
                }
              >
                {!funds.some((fund) => fund.id === line.fund_id) && (
                  <option value={line.fund_id}>
                    {line.fund_id ? nameOf(line.fund_id) : t('funds.transfer.choose')}
                  </option>
                )}
                {funds.map((fund) => (
                  <option key={fund.id} value={fund.id}>
                    {fund.name}
                  </option>
                ))}
              </select>
              {(projects.some((project) => project.fund_id === line.fund_id) ||
                line.project_id) && (
                <select
                  value={line.project_id ?? ''}
                  aria-label={t('funds.split.project_n', { n: index + 1 })}
                  onChange={(event) =>
                    setLine(index, { project_id: event.target.value || undefined })
                  }
                >
                  <option value="">{t('funds.split.no_project')}</option>
                  {line.project_id &&
                    !projects.some((project) => project.id === line.project_id) && (
                      <option value={line.project_id}>{projectName(line.project_id)}</option>
                    )}
                  {projects
                    .filter((project) => project.fund_id === line.fund_id)
                    .map((project) => (
                      <option key={project.id} value={project.id}>
                        {project.name}
                      </option>
                    ))}
                </select>
              )}
              {split && (
                <input
                  value={line.value}
                  inputMode="decimal"
                  aria-label={t(`funds.split.value_${value.mode}`, { n: index + 1 })}
                  aria-invalid={errors ? true : undefined}
                  aria-describedby={errors ? `${id}-error` : undefined}
                  size={8}
                  onChange={(event) => setLine(index, { value: event.target.value })}
                />
              )}
              {split && value.mode === 'percent' && summary.shares[index] != null && (
                <span className="muted money">
                  {formatMoney(penceText(summary.shares[index] ?? 0), i18n.language)}
                </span>
              )}
              {split && (
                <button type="button" className="link-button" onClick={() => removeLine(index)}>
                  {t('funds.split.remove', { n: index + 1 })}
                </button>
              )}
            </div>
          ))}
          {!split && description && <p className="field-hint">{description}</p>}
          <p>
            <Button onClick={addLine}>{t('funds.split.add')}</Button>
          </p>
          {split && (
            <p data-testid="split-remainder" aria-live="polite">
              {summary.complete
                ? t('funds.split.adds_up')
                : value.mode === 'amount'
                  ? t(summary.remainder < 0 ? 'funds.split.over' : 'funds.split.left', {
                      amount: formatMoney(penceText(Math.abs(summary.remainder)), i18n.language),
                    })
                  : t('funds.split.left_percent', { percent: summary.remainderPercent })}
            </p>
          )}
        </>
      )}
      <FieldError id={`${id}-error`} messages={errors} />
    </fieldset>
  );
}
