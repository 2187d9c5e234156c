import { Outlet } from 'react-router';

export function PlainLayout() {
  return (
    <main className="plain-layout">
      <Outlet />
    </main>
  );
}
