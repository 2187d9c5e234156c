import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/Logo';

/** The bare public website: a logo bar and the content, no admin chrome. */
export function WebsiteLayout() {
  return (
    <div className="website-layout">
      <header className="website-layout__header">
        <Link to="/">
          <Logo />
        </Link>
      </header>
      <main className="website-layout__content">
        <Outlet />
      </main>
    </div>
  );
}
