import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts, type ToastPosition } from './store';

export function Toasts() {
  const toasts = useToasts();
  const { t } = useTranslation();
  const group = (position: ToastPosition) => (
    <div className={`toasts toasts--${position}`} aria-live="polite">
      {toasts
        .filter((toast) => toast.position === position)
        .map((toast) => (
          <div key={toast.id} role="status" className={`toast toast--${toast.type}`}>
            <div>
              <strong>{toast.title}</strong>
              {toast.message && <p>{toast.message}</p>}
            </div>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common.close')}
              onClick={() => dismissToast(toast.id)}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  // One stack at the bottom right, clear of the header and the page-header action buttons.
  return (
    <div className="toasts-region">
      {group('top')}
      {group('bottom')}
    </div>
  );
}
