import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { ApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { formatDateTime } from '@/lib/format';
import { linkApi, type ManageLink, type SubscriptionDetail } from './api';

const ENDED = ['cancelled', 'expired'];

/**
 * "Send a self-service link" (issue 17 item 4): a 7-day link with which the donor pauses, resumes,
 * changes or cancels the gift themselves, emailed to them (or, for a donor without an email
 * address, made to be copied and sent another way). The link is shown either way, with "Copy".
 */
export function SelfServiceLink({ subscription }: { subscription: SubscriptionDetail }) {
  const { t, i18n } = useTranslation();
  const [link, setLink] = useState<ManageLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ended = ENDED.includes(subscription.status);
  const email = subscription.donor_email;

  const make = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setLink(await linkApi.make(subscription.id, Boolean(email)));
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.body.message ? error.body.message : t('errors.default'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="subscription-link-title" data-testid="subscription-link">
      <h3 id="subscription-link-title">{t('subscriptions.link.title')}</h3>
      <p className="muted">
        {ended
          ? t('subscriptions.link.ended')
          : subscription.provider === 'paypal'
            ? t('subscriptions.link.paypal')
            : t('subscriptions.link.intro')}
      </p>
      <Button onClick={() => void make()} loading={busy} disabled={ended}>
        {email ? t('subscriptions.link.send') : t('subscriptions.link.make')}
      </Button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {link && (
        <div className="notice" role="status">
          <p>
            {link.sent && email
              ? t('subscriptions.link.sent', { email })
              : t('subscriptions.link.made')}{' '}
            {t('subscriptions.link.expires', {
              at: formatDateTime(link.expires_at, i18n.language),
            })}
          </p>
          <p className="break-anywhere">
            <code data-testid="subscription-link-url">{link.url}</code>
          </p>
          <Button onClick={() => void copyText(link.url)}>{t('subscriptions.link.copy')}</Button>
        </div>
      )}
    </section>
  );
}
