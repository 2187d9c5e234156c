import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RECENTLY_SUCCESSFUL_MS } from '@/config/constants';
import { ApiError } from '@/lib/api-client';

export type FormValues = Record<string, unknown>;

export interface FormApi<T extends FormValues> {
  values: T;
  errors: Record<string, string[]>;
  generalError: string | null;
  processing: boolean;
  recentlySuccessful: boolean;
  setValue: <K extends keyof T>(key: K, value: T[K]) => void;
  setValues: (values: T) => void;
  reset: () => void;
  submit: <R>(action: (values: T) => Promise<R>) => Promise<R | undefined>;
}

/**
 * Form state with the server's field errors (spec §5, §8): `errors` from a response are shown
 * under the named inputs; otherwise the default form error is shown.
 */
export function useForm<T extends FormValues>(initial: T): FormApi<T> {
  const { t } = useTranslation();
  const initialRef = useRef(initial);
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [recentlySuccessful, setRecentlySuccessful] = useState(false);

  const setValue = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key as string];
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    setValues(initialRef.current);
    setErrors({});
    setGeneralError(null);
  }, []);

  const submit = async <R>(action: (values: T) => Promise<R>): Promise<R | undefined> => {
    setProcessing(true);
    setErrors({});
    setGeneralError(null);
    try {
      const result = await action(values);
      setRecentlySuccessful(true);
      window.setTimeout(() => setRecentlySuccessful(false), FORM_RECENTLY_SUCCESSFUL_MS);
      return result;
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
      if (fieldErrors && Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        const known = Object.keys(fieldErrors).some((field) => field in values);
        if (!known && error instanceof ApiError) setGeneralError(error.message);
      } else if (
        error instanceof ApiError &&
        // A refusal the server explains (422), or a stale edit (409: "changed by someone else,
        // reload it"): its words, not the generic error.
        (error.status === 422 || error.status === 409) &&
        error.body.message
      ) {
        setGeneralError(error.body.message);
      } else {
        setGeneralError(t('errors.default'));
      }
      return undefined;
    } finally {
      setProcessing(false);
    }
  };

  return {
    values,
    errors,
    generalError,
    processing,
    recentlySuccessful,
    setValue,
    setValues,
    reset,
    submit,
  };
}
