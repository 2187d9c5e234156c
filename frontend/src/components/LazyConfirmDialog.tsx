import { Suspense, type ComponentProps } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import type { ConfirmDialog as EagerConfirmDialog } from './ConfirmDialog';

const Loaded = lazyComponent(() =>
  import('./ConfirmDialog').then((module) => module.ConfirmDialog),
);

/**
 * ConfirmDialog for a page that shows it only on a user action (delete, create claim): its code is
 * loaded when it is first shown rather than with the page (ADR 0023).
 */
export function LazyConfirmDialog(props: ComponentProps<typeof EagerConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
