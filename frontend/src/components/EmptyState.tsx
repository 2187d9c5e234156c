import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>{title}</h2>
      {children && <div>{children}</div>}
    </div>
  );
}
