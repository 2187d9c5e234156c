import { Outlet } from 'react-router';
import { LoadingBar } from '@/components/loading-bar/LoadingBar';
import { Toasts } from '@/components/toasts/Toasts';
import { RouteEffects } from './RouteEffects';

export function Root() {
  return (
    <>
      <LoadingBar />
      <RouteEffects />
      <Outlet />
      <Toasts />
    </>
  );
}
