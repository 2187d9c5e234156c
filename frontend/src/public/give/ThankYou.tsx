import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { giveApi, PublicApiError, type IntentStatus } from './api';
import { donorFrequency, donorName } from './donor';
import { giftAidOn, pounds, toPence } from './rules';

/** Poll every 2 s, for at most 2 minutes (ceilings: a webhook usually lands within seconds). */
export const POLL_EVERY_MS = 2_000;
export const POLL_ATTEMPTS = 60;

type View = 'processing' | 'pending' | 'received' | 'failed' | 'slow' | 'bad_link';

/** A PayPal order is captured once, even when React runs the effect twice (StrictMode). */
const captures = new Map<string, Promise<IntentStatus>>();

interface Props {
  slug: string;
  intentId: string;
  token: string;
  paypal: boolean;
  backHref: string;
}

export function ThankYou({ slug, intentId, token, paypal, backHref }: Props) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(intentId && token ? 'processing' : 'bad_link');
  const [status, setStatus] = useState<IntentStatus | null>(null);

  useEffect(() => {
    if (!intentId || !token) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;

    /** True when the answer settles the page (received or failed). */
    const show = (answer: IntentStatus): boolean => {
      setStatus(answer);
      if (answer.received) setView('received');
      else if (answer.status === 'failed') setView('failed');
      else if (answer.status === 'pending') setView('pending');
      return answer.received || answer.status === 'failed';
    };

    const poll = async () => {
      attempts += 1;
      try {
        const answer = await giveApi.intent(slug, intentId, token);
        if (stopped || show(answer)) return;
      } catch (error) {
        if (stopped) return;
        // A wrong id or token never becomes right; a network blip may.
        if (error instanceof PublicApiError && error.status === 404) return setView('bad_link');
      }
      if (attempts >= POLL_ATTEMPTS) return setView('slow');
      timer = setTimeout(() => void poll(), POLL_EVERY_MS);
    };

    const start = async () => {
      if (paypal) {
        const key = `${slug}/${intentId}`;
        if (!captures.has(key)) {
          const capture = giveApi.capture(slug, intentId, token);
          captures.set(key, capture);
          capture.then(
            () => captures.delete(key),
            () => captures.delete(key),
          );
        }
        try {
          const answer = await (captures.get(key) as Promise<IntentStatus>);
          if (stopped || show(answer)) return;
        } catch (error) {
          if (stopped) return;
          // PayPal refused the capture (not approved, declined): nothing was taken.
          if (error instanceof PublicApiError && error.status >= 400 && error.status < 500)
            return setView(error.status === 404 ? 'bad_link' : 'failed');
        }
      }
      await poll();
    };

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [slug, intentId, token, paypal]);

  const pence = status ? (toPence(status.amount) ?? 0) : 0;
  const name = intentId ? donorName(intentId) : '';
  const frequency = status?.frequency ?? (intentId ? donorFrequency(intentId) : 'once');
  const recurring = frequency === 'once' ? null : frequency;
  const amount = pounds(pence);
  const receivedText = recurring
    ? name
      ? t(`thanks.set_up_${recurring}_named`, { name, amount })
      : t(`thanks.set_up_${recurring}`, { amount })
    : name
      ? t('thanks.received_named', { name, amount })
      : t('thanks.received', { amount });

  return (
    <Card className="give-thanks" aria-live="polite" testId="give-thanks">
      {view === 'processing' && (
        <>
          <p className="give-thanks__lead">
            <span className="give-spinner" aria-hidden="true" /> {t('thanks.processing')}
          </p>
          <p className="field-hint">{t('thanks.processing_hint')}</p>
        </>
      )}
      {view === 'pending' && (
        <>
          <p className="give-thanks__lead">{t('thanks.processing')}</p>
          <p>{recurring ? t('thanks.pending_recurring') : t('thanks.pending')}</p>
        </>
      )}
      {view === 'slow' && <p>{t('thanks.slow')}</p>}
      {view === 'received' && (
        <>
          <p className="give-thanks__lead">{receivedText}</p>
          {status?.gift_aid && (
            <p>
              {recurring
                ? t('thanks.gift_aid_recurring', { amount: pounds(giftAidOn(pence)) })
                : t('thanks.gift_aid', { amount: pounds(giftAidOn(pence)) })}
            </p>
          )}
          {recurring && <p>{t('thanks.manage_recurring')}</p>}
        </>
      )}
      {view === 'failed' && (
        <>
          <p className="give-thanks__lead">{t('thanks.failed')}</p>
          <p>
            <a href={backHref}>{t('thanks.try_again')}</a>
          </p>
        </>
      )}
      {view === 'bad_link' && (
        <>
          <p>{t('thanks.bad_link')}</p>
          <p>
            <a href={backHref}>{t('thanks.back')}</a>
          </p>
        </>
      )}
    </Card>
  );
}
