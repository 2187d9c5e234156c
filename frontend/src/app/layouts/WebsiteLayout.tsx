import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';

/** The bare public website: a logo bar and the content, no admin chrome. */
export function WebsiteLayout() {
  return (
    <div className="website-layout">
      <SkipLink />
      <header className="website-layout__header">
        <Link to="/">
          <Logo />
        </Link>
      </header>
      <main id={MAIN_CONTENT_ID} className="website-layout__content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
