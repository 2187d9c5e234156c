import { useSyncExternalStore } from 'react';
import { COOKIES } from '@/config/constants';
import { api, ApiError } from './api-client';
import { getCookie, removeCookie } from './cookies';
import type { User } from './types';

/**
 * "Logged in" means GET /api/user succeeded: the session itself is an HttpOnly cookie the SPA
 * never sees. The user is cached here; any failure to fetch it clears it (spec §4, §8).
 */
interface AuthState {
  user: User | null;
  loaded: boolean;
}

let state: AuthState = { user: null, loaded: false };
const listeners = new Set<() => void>();
let inFlight: Promise<User | null> | null = null;

function emit(next: AuthState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setUser(user: User | null): void {
    emit({ user, loaded: true });
  },
  clear(): void {
    emit({ user: null, loaded: true });
  },
  /** Test helper and logout: forget that the user was ever fetched. */
  reset(): void {
    inFlight = null;
    emit({ user: null, loaded: false });
  },
};

export async function fetchUser(): Promise<User | null> {
  if (!inFlight) {
    inFlight = api
      .get<User>('/user', { silent: true })
      .then(
        (user) => {
          authStore.setUser(user);
          return user;
        },
        (error: unknown) => {
          // The session is over (expired, revoked): forget its signal, so later pages do not ask.
          if (error instanceof ApiError && error.status === 401) removeCookie(COOKIES.xsrf);
          authStore.clear();
          return null;
        },
      )
      .finally(() => {
        inFlight = null;
      });
  }
  return inFlight;
}

/**
 * Whether the browser may hold a session (ADR 0017): the API sets the readable XSRF-TOKEN cookie
 * together with the HttpOnly session cookie and clears both together; a startup token (bearer)
 * is a session too. Without either, the visitor is signed out and /api/user is not asked.
 */
export function mayHaveSession(): boolean {
  return Boolean(getCookie(COOKIES.xsrf) || getCookie(COOKIES.startupToken));
}

/** Fetches the user once per page load; later navigations use the cached one. */
export async function ensureUserLoaded(): Promise<User | null> {
  if (state.loaded) return state.user;
  if (!mayHaveSession()) {
    authStore.clear();
    return null;
  }
  return fetchUser();
}

/** Spec §4: logout clears user and local storage even if the logout call fails. */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout', {}, { silent: true });
  } catch (error) {
    console.error('Logout request failed', error);
  } finally {
    removeCookie(COOKIES.xsrf); // the API clears it too; this covers a failed logout call
    authStore.clear();
    window.localStorage.clear();
  }
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

export function useUser(): User | null {
  return useAuth().user;
}
