// `use-sync-external-store/shim` for react-i18next: React 19 has useSyncExternalStore, which the
// shim package itself hands back when present (its fallback for React < 18 is 1.8 kB of dead code
// in the first page's JavaScript). Aliased in vite.config.ts (ADR 0023).
export { useSyncExternalStore } from 'react';
