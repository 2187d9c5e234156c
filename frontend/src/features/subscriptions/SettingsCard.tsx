import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { ApiError } from '@/lib/api-client';
import { subscriptionKeys, settingsApi } from './api';

/**
 * The charity's subscriptions settings (issue 17 item 3): "Email donors when a payment fails",
 * saved as soon as it is changed. A stale version (409: changed in another tab or by a colleague)
 * says so and offers to load the current setting.
 */
export function SettingsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const id = useId();
  const { data, refetch } = useQuery({
    queryKey: subscriptionKeys.settings,
    queryFn: settingsApi.get,
  });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);

  const change = async (failureEmails: boolean) => {
    if (!data) return;
    setSaving(true);
    setSaved(false);
    setProblem(null);
    try {
      client.setQueryData(
        subscriptionKeys.settings,
        await settingsApi.save(failureEmails, data.version),
      );
      setSaved(true);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      setProblem({
        stale,
        message: stale
          ? t('subscriptions.settings.stale')
          : error instanceof ApiError && error.body.message
            ? error.body.message
            : t('errors.default'),
      });
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setProblem(null);
    await refetch();
  };

  return (
    <Card
      title={t('subscriptions.settings.title')}
      titleId="subscriptions-settings-title"
      testId="subscriptions-settings"
    >
      <div className="field field--checkbox">
        <input
          id={id}
          type="checkbox"
          checked={data?.failure_emails ?? false}
          disabled={!data || saving}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void change(event.target.checked)}
        />
        <label htmlFor={id}>{t('subscriptions.settings.failure_emails')}</label>
        <p id={`${id}-hint`} className="field-hint">
          {t('subscriptions.settings.failure_emails_hint')}
        </p>
      </div>
      <div role="status" className="muted">
        {saved ? t('subscriptions.settings.saved') : null}
      </div>
      {problem && (
        <div className="form-error" role="alert">
          {problem.message}{' '}
          {problem.stale && (
            <Button variant="link" onClick={() => void reload()}>
              {t('subscriptions.settings.reload')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
