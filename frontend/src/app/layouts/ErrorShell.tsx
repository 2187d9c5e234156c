import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/Logo';

export function ErrorShell({ children }: { children: ReactNode }) {
  return (
    <div className="error-layout">
      <Link to="/" className="error-layout__logo">
        <Logo />
      </Link>
      <main className="error-layout__content">{children}</main>
    </div>
  );
}
