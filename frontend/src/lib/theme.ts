import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';

const listeners = new Set<() => void>();

export function isDark(): boolean {
  return window.localStorage.getItem(STORAGE_KEYS.dark) === 'true';
}

/** Dark mode is a `dark` class on <html>, remembered in localStorage under `dark`. */
export function applyTheme(): void {
  document.documentElement.classList.toggle('dark', isDark());
}

export function setDark(dark: boolean): void {
  window.localStorage.setItem(STORAGE_KEYS.dark, String(dark));
  applyTheme();
  listeners.forEach((listener) => listener());
}

export function useDark(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDark,
    isDark,
  );
}
