import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { LoadingBar } from '@/components/loading-bar/LoadingBar';
import { loadingBar } from '@/components/loading-bar/store';
import { PageHeader } from '@/components/PageHeader';
import { isChunkLoadError, reloadForChunkError } from '@/lib/chunks';
import { ErrorShell } from './layouts/ErrorShell';

/** A route's data or code failed to load: the error layout (spec §2), or a reload for chunks. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error('Route failed', error);
    loadingBar.fail();
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  return (
    <ErrorShell>
      <LoadingBar />
      <PageHeader title={t('errors.route_failed_title')} centred />
      <p>{t('errors.route_failed_body')}</p>
      <p>
        <a href={window.location.href}>{t('errors.try_again')}</a> ·{' '}
        <Link to="/">{t('errors.go_home')}</Link>
      </p>
    </ErrorShell>
  );
}
