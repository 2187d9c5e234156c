import type { ReactNode } from 'react';

/** A surface with an optional title row (title left, actions right) and footer. */
export function Card({
  title,
  actions,
  footer,
  children,
}: {
  title?: string;
  actions?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="card">
      {(title || actions) && (
        <header className="card__header">
          {title && <h2>{title}</h2>}
          {actions && <div className="inline-actions">{actions}</div>}
        </header>
      )}
      {children}
      {footer && <footer className="card__footer">{footer}</footer>}
    </section>
  );
}
