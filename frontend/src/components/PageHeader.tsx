import type { ReactNode } from 'react';

/**
 * The one page title: an h1 with optional actions on the right. `centred` for the
 * centred column of the error pages.
 */
export function PageHeader({
  title,
  actions,
  centred = false,
}: {
  title: ReactNode;
  actions?: ReactNode;
  centred?: boolean;
}) {
  return (
    <div className={centred ? 'page-header page-header--centred' : 'page-header'}>
      <h1>{title}</h1>
      {actions && <div className="page-header__actions">{actions}</div>}
    </div>
  );
}
