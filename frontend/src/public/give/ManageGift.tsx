import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button-core';
import { Card } from '@/components/Card';
import { formatDate } from '@/lib/format';
import {
  giveApi,
  PublicApiError,
  type ManageAction,
  type ManagedGift,
  type ManageRequest,
} from './api';
import { ErrorText, fieldId, TextInput } from './fields';
import { penceToAmount, pounds, toPence } from './rules';

/** Pause lengths the API accepts; the reason's length limit. */
export const PAUSE_MONTHS = [1, 2, 3, 4, 5, 6] as const;
export const REASON_MAX = 200;

/** Statuses after which the link no longer works at all (the page says why instead of the gift). */
const LINK_DEAD = [404, 410];

/**
 * A message with the focus when it appears, so a screen reader reads it and a keyboard user starts
 * from it (the outcome of an action, or why the link does not work).
 */
function Message({ role, children }: { role: 'status' | 'alert'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [children]);
  return (
    <div
      ref={ref}
      role={role}
      tabIndex={-1}
      className={role === 'alert' ? 'form-error give-message' : 'notice give-message'}
      data-testid={role === 'alert' ? 'manage-problem' : 'manage-done'}
    >
      {children}
    </div>
  );
}

interface Props {
  token: string;
}

/**
 * /give/{slug}/manage?token=…: the donor's own page for one recurring gift (issue 17 item 4). It
 * shows the gift and only the actions the link allows; each is confirmed here, then sent to the
 * gateway through the API; the answer is the gift as it is now. Nothing is assumed: what the page
 * shows after an action is what the API answered.
 */
export function ManageGift({ token }: Props) {
  const { t, i18n } = useTranslation();
  const [gift, setGift] = useState<ManagedGift | null>(null);
  // Why the link shows no gift (404 unknown, 410 expired or ended, 429, 0 network…).
  const [refusal, setRefusal] = useState<number | null>(token ? null : 404);
  const [chosen, setChosen] = useState<ManageAction | null>(null);
  const [done, setDone] = useState<ManageAction | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    giveApi.manage(token).then(
      (answer) => current && setGift(answer),
      (error: unknown) => current && setRefusal(error instanceof PublicApiError ? error.status : 0),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '');

  if (refusal !== null) {
    return (
      <>
        <h1>{t('manage.title')}</h1>
        <Card className="give-manage">
          <Message role="alert">{t(refusalKey(refusal))}</Message>
        </Card>
      </>
    );
  }
  if (!gift) return <p role="status">{t('page.loading')}</p>;

  const amount = pounds(toPence(gift.amount) ?? 0);
  const finished = (answer: ManagedGift, action: ManageAction) => {
    setGift(answer);
    setChosen(null);
    setDone(action);
  };

  return (
    <>
      <h1>{t(`manage.heading_${gift.interval}`, { charity: gift.charity_name })}</h1>
      <Card className="give-manage" testId="manage-gift">
        {done && (
          <Message role="status">
            <p className="give-thanks__lead">
              {t(`manage.done_${done}`, {
                amount,
                date: date(done === 'pause' ? gift.paused_until : gift.next_charge_date),
              })}
            </p>
            <p>{t('manage.emailed')}</p>
          </Message>
        )}
        <dl className="give-manage__facts" data-testid="manage-facts">
          <dt>{t('manage.fields.charity')}</dt>
          <dd>{gift.charity_name}</dd>
          <dt>{t('manage.fields.amount')}</dt>
          <dd>{t(`manage.per_${gift.interval}`, { amount })}</dd>
          <dt>{t('manage.fields.status')}</dt>
          <dd>{t(`manage.statuses.${gift.status}`)}</dd>
          {gift.paused_until && (
            <>
              <dt>{t('manage.fields.paused_until')}</dt>
              <dd>{date(gift.paused_until)}</dd>
            </>
          )}
          <dt>{t('manage.fields.next_charge')}</dt>
          <dd>{gift.next_charge_date ? date(gift.next_charge_date) : t('manage.no_charge')}</dd>
        </dl>
        {chosen ? (
          <ActionForm
            key={chosen}
            token={token}
            action={chosen}
            gift={gift}
            onDone={(answer) => finished(answer, chosen)}
            onBack={() => setChosen(null)}
            onDead={setRefusal}
          />
        ) : gift.actions.length > 0 ? (
          <div className="give-manage__actions" role="group" aria-label={t('manage.actions')}>
            {gift.actions.map((action) => (
              <Button
                key={action}
                variant={action === 'cancel' ? 'danger' : undefined}
                onClick={() => {
                  setDone(null);
                  setChosen(action);
                }}
              >
                {t(`manage.${action}.button`)}
              </Button>
            ))}
          </div>
        ) : (
          <p>{t('manage.no_actions')}</p>
        )}
        {gift.expires_at && (
          <p className="field-hint">{t('manage.expires', { date: date(gift.expires_at) })}</p>
        )}
      </Card>
    </>
  );
}

function refusalKey(status: number): string {
  // 422: a token the API will not even look up (too long): as unknown as any other.
  if (status === 404 || status === 422) return 'manage.unknown';
  if (status === 410) return 'manage.expired';
  if (status === 429) return 'manage.too_many';
  return 'manage.load_failed';
}

interface FormProps {
  token: string;
  action: ManageAction;
  gift: ManagedGift;
  onDone: (answer: ManagedGift) => void;
  onBack: () => void;
  /** The link stopped working meanwhile (404, 410): the page says so instead of the gift. */
  onDead: (status: number) => void;
}

/** One action, asked to confirm with its own value (months, amount, optional reason). */
function ActionForm({ token, action, gift, onDone, onBack, onDead }: FormProps) {
  const { t } = useTranslation();
  const [months, setMonths] = useState('1');
  const [amount, setAmount] = useState(gift.amount);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = action === 'pause' ? 'months' : action === 'amount' ? 'amount' : 'reason';
  // The form takes the place of the buttons: the focus goes to its heading, not back to the top.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const request = (): ManageRequest | null => {
    if (action === 'pause') return { months: Number(months) };
    if (action === 'amount') {
      const pence = toPence(amount);
      if (pence === null || pence <= 0) {
        setFieldError(t('errors.amount_format'));
        return null;
      }
      return { amount: penceToAmount(pence) };
    }
    if (action === 'cancel') return reason.trim() ? { reason: reason.trim() } : {};
    return {};
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setProblem(null);
    const body = request();
    if (!body) return;
    setBusy(true);
    try {
      onDone(await giveApi.manageAction(token, action, body));
    } catch (error) {
      const status = error instanceof PublicApiError ? error.status : 0;
      if (LINK_DEAD.includes(status)) return onDead(status);
      const errors = error instanceof PublicApiError ? error.fieldErrors : {};
      if (status === 422 && errors[field]?.length) setFieldError(errors[field]?.join(' '));
      else setProblem(problemText(status, error instanceof Error ? error.message : '', t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="give-manage__form"
      noValidate
      aria-labelledby="manage-action-title"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="manage-action-title" ref={heading} tabIndex={-1}>
        {t(`manage.${action}.title`)}
      </h2>
      <p>{t(`manage.${action}.intro`)}</p>
      {problem && <Message role="alert">{problem}</Message>}
      {action === 'pause' && (
        <div className="field">
          <label htmlFor={fieldId('months')}>{t('manage.pause.months')}</label>
          <select
            id={fieldId('months')}
            name="months"
            value={months}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId('months')}-error` : undefined}
            onChange={(event) => setMonths(event.target.value)}
          >
            {PAUSE_MONTHS.map((count) => (
              <option key={count} value={String(count)}>
                {count === 1
                  ? t('manage.pause.one_month')
                  : t('manage.pause.month_count', { count })}
              </option>
            ))}
          </select>
          <ErrorText name="months" error={fieldError} />
        </div>
      )}
      {action === 'amount' && (
        <TextInput
          name="amount"
          label={t(`manage.amount_label_${gift.interval}`)}
          value={amount}
          onValue={setAmount}
          inputMode="decimal"
          autoComplete="off"
          error={fieldError}
        />
      )}
      {action === 'cancel' && (
        <div className="field">
          <label htmlFor={fieldId('reason')}>{t('manage.cancel.reason')}</label>
          <textarea
            id={fieldId('reason')}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId('reason')}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          <ErrorText name="reason" error={fieldError} />
        </div>
      )}
      <div className="form-actions">
        <Button type="submit" variant={action === 'cancel' ? 'danger' : 'primary'} loading={busy}>
          {t(`manage.${action}.confirm`)}
        </Button>
        <Button type="button" onClick={onBack} disabled={busy}>
          {t('manage.back')}
        </Button>
      </div>
    </form>
  );
}

/** What the donor reads when an action is refused and the link still works. */
function problemText(
  status: number,
  message: string,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  if (status === 502) return message ? t('manage.gateway', { message }) : t('manage.gateway_plain');
  if (status === 403) return t('manage.not_allowed');
  if (status === 429) return t('manage.too_many');
  if ((status === 409 || status === 422) && message) return message;
  return t('manage.failed');
}
