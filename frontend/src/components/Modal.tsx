import { useId, type ReactNode } from 'react';

export function Modal({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className="modal__backdrop">
      <div className="modal card" role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
