import { showToast } from '@/components/toasts/store';
import { ERROR_NOTIFICATION_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { setApiErrorHandler, type ApiError } from '@/lib/api-client';
import { authStore, logout } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';

type Navigate = (to: string) => unknown;

/** Spec §8, in one place. Field errors (422 with `errors`) are left to the form. */
export function reactToApiError(error: ApiError, navigate: Navigate): void {
  switch (error.status) {
    case 401:
      if (authStore.getState().user) {
        void logout().then(() => navigate(paths.home));
      }
      return;
    case 403:
      navigate(paths.unauthorized);
      return;
    case 404:
      navigate(paths.notFound);
      return;
    case 423:
      navigate(paths.verify2fa);
      return;
    default:
      if (error.fieldErrors && Object.keys(error.fieldErrors).length > 0) return;
      if (error.status === 422) return;
      showToast({
        type: 'error',
        title: i18n.t('errors.title'),
        message: error.message || i18n.t('errors.default'),
        durationMs: ERROR_NOTIFICATION_MS,
      });
  }
}

export function installApiErrorHandler(navigate: Navigate): void {
  setApiErrorHandler((error) => reactToApiError(error, navigate));
}
