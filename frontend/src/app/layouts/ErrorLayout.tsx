import { Outlet } from 'react-router';
import { ErrorShell } from './ErrorShell';

export function ErrorLayout() {
  return (
    <ErrorShell>
      <Outlet />
    </ErrorShell>
  );
}
