import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An in-page confirmation (delete, undo merge): Escape or Cancel dismisses it. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { onCancel } = props;
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="modal__backdrop">
      <div className="modal card" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
        <div className="form-actions">
          <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={`button ${props.danger ? 'button--danger' : 'button--primary'}`}
            disabled={props.busy}
            aria-busy={props.busy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
