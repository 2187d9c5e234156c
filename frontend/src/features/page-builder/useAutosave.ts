import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'conflict' | 'failed';

export interface AutosaveOptions<D> {
  /** The version the draft was loaded at (the API's optimistic lock). */
  version: number;
  /** PUT /api/pages/{id}/draft: answers the new version. */
  save: (data: D, version: number) => Promise<{ version: number }>;
  delay: number;
  onSaved?: (version: number) => void;
}

/**
 * The builder's autosave: each change waits `delay` ms for the next one (debounce) and then the
 * latest draft is sent with the version it was based on. One save at a time; a change made while
 * saving is sent after it. A 409 (someone else saved) stops autosaving until the page is reloaded,
 * so nobody's work is overwritten; a 422 keeps the server's messages (by JSON path) on screen.
 */
export function useAutosave<D>({ version, save, delay, onSaved }: AutosaveOptions<D>) {
  const [state, setState] = useState<SaveState>('idle');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const versionRef = useRef(version);
  const pending = useRef<{ data: D } | null>(null);
  const timer = useRef<number | null>(null);
  const saving = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const clearTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const run = useCallback(async (): Promise<void> => {
    clearTimer();
    if (saving.current) {
      await saving.current;
      return pending.current ? run() : undefined;
    }
    const next = pending.current;
    if (!next || stopped.current) return;
    pending.current = null;
    setState('saving');
    const attempt = (async () => {
      try {
        const answer = await saveRef.current(next.data, versionRef.current);
        versionRef.current = answer.version;
        onSavedRef.current?.(answer.version);
        setErrors({});
        setMessage(null);
        setState(pending.current ? 'pending' : 'saved');
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          stopped.current = true;
          setMessage(error.message);
          setState('conflict');
        } else if (error instanceof ApiError && error.status === 422) {
          setErrors(error.fieldErrors ?? {});
          setMessage(error.message);
          setState('invalid');
        } else {
          // Kept for the next change (or "Publish"), which sends it again.
          pending.current = pending.current ?? next;
          setMessage(error instanceof Error ? error.message : null);
          setState('failed');
        }
      }
    })();
    saving.current = attempt;
    await attempt;
    saving.current = null;
    if (pending.current && !stopped.current && timer.current === null) {
      timer.current = window.setTimeout(() => void run(), delay);
    }
  }, [delay]);

  /** A change in the editor: saved `delay` ms after the last one. */
  const schedule = useCallback(
    (data: D) => {
      if (stopped.current) return;
      pending.current = { data };
      setState((current) => (current === 'saving' ? current : 'pending'));
      clearTimer();
      timer.current = window.setTimeout(() => void run(), delay);
    },
    [delay, run],
  );

  /** Saves what is waiting now (before publishing); answers the version to publish. */
  const flush = useCallback(async () => {
    await run();
    return versionRef.current;
  }, [run]);

  /** After a restore or a settings change: the server's new version, nothing waiting. */
  const reset = useCallback((next: number) => {
    clearTimer();
    pending.current = null;
    versionRef.current = next;
    setState('idle');
  }, []);

  /** Another call (settings, publish) moved the version on: later saves are based on it. */
  const setVersion = useCallback((next: number) => {
    versionRef.current = next;
  }, []);

  useEffect(() => clearTimer, []);

  const dirty =
    state === 'pending' || state === 'saving' || state === 'failed' || state === 'invalid';
  return {
    state,
    errors,
    message,
    dirty,
    schedule,
    flush,
    reset,
    setVersion,
    version: () => versionRef.current,
  };
}
