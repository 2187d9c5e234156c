import { useSyncExternalStore } from 'react';
import { LOADING_BAR } from '@/config/constants';

export interface LoadingBarState {
  percent: number;
  visible: boolean;
  failed: boolean;
}

let state: LoadingBarState = { percent: 0, visible: false, failed: false };
let timer: ReturnType<typeof setInterval> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const set = (next: LoadingBarState) => {
  state = next;
  listeners.forEach((listener) => listener());
};

/** Starts, then advances by a random step every 100 ms, never passing 95% until finished. */
export const loadingBar = {
  start(): void {
    clearInterval(timer);
    clearTimeout(hideTimer);
    set({ percent: 0, visible: true, failed: false });
    const step = (LOADING_BAR.intervalMs / LOADING_BAR.durationMs) * 100;
    timer = setInterval(() => {
      const next = state.percent + Math.random() * step * 2;
      set({ ...state, percent: Math.min(next, LOADING_BAR.finishAbovePercent) });
    }, LOADING_BAR.intervalMs);
  },
  finish(): void {
    clearInterval(timer);
    set({ ...state, percent: 100, visible: true });
    hideTimer = setTimeout(() => set({ ...state, visible: false, percent: 0 }), 300);
  },
  fail(): void {
    set({ ...state, failed: true });
    this.finish();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useLoadingBar(): LoadingBarState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
