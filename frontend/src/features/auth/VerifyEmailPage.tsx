import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { paths, pathFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { fetchUser } from '@/lib/auth-store';
import { authApi } from './api';

type Outcome = { ok: boolean; message: string };

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // The link's token is single-use: send it once even when effects run twice.
    if (sent.current) return;
    sent.current = true;
    authApi.verifyEmail(id, token).then(
      (result) => {
        setOutcome({ ok: true, message: result.message });
        void fetchUser();
      },
      (error: unknown) =>
        setOutcome({
          ok: false,
          message: error instanceof ApiError && error.message ? error.message : t('errors.default'),
        }),
    );
  }, [id, token, t]);

  return (
    <div>
      <PageHeader title={t('auth.verify_email.title')} />
      {!outcome && <Spinner />}
      {outcome && (
        <div className={outcome.ok ? 'form-success' : 'form-error'} role="status">
          {outcome.message}
        </div>
      )}
      <p className="auth-links">
        <Link to={paths.home}>{t('auth.verify_email.continue')}</Link>
        {outcome && !outcome.ok && (
          <Link to={pathFor('verification.resend')}>{t('auth.verify_email.resend')}</Link>
        )}
      </p>
    </div>
  );
}
