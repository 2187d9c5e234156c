import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX_PER_GROUP } from '@/config/constants';

export type ToastType = 'success' | 'error' | 'info';
export type ToastPosition = 'top' | 'bottom';

export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message?: string;
  position: ToastPosition;
}

interface ToastInput {
  type?: ToastType;
  title: string;
  message?: string;
  durationMs?: number;
  position?: ToastPosition;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Every toast gone at once (signing out; between tests, which share this module). */
export function clearToasts(): void {
  toasts = [];
  emit();
}

/** Toasts vanish after their duration (3000 ms default); each position keeps at most 10. */
export function showToast(input: ToastInput): number {
  const toast: Toast = {
    id: nextId++,
    type: input.type ?? 'info',
    title: input.title,
    message: input.message,
    position: input.position ?? 'top',
  };
  const group = toasts.filter((item) => item.position === toast.position);
  const overflow = group.length - TOAST_MAX_PER_GROUP + 1;
  const dropped = new Set(overflow > 0 ? group.slice(0, overflow).map((item) => item.id) : []);
  toasts = [...toasts.filter((item) => !dropped.has(item.id)), toast];
  emit();
  window.setTimeout(() => dismissToast(toast.id), input.durationMs ?? TOAST_DURATION_MS);
  return toast.id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
