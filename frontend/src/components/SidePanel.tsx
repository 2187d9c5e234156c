import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SidePanelProps {
  open: boolean;
  title?: string;
  onClose: () => void;
  children: ReactNode;
}

export function SidePanel({ open, title, onClose, children }: SidePanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="side-panel__backdrop" onClick={onClose}>
      <aside
        className="side-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="side-panel__header">
          <h2 id={titleId}>{title ?? t('common.modal_title')}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('common.close_panel')}
          >
            ×
          </button>
        </header>
        <div className="side-panel__body">{children}</div>
      </aside>
    </div>
  );
}
