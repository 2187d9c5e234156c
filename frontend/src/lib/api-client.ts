// The REST client of aws-amplify/api, given a context of its own (createAmplifyContext): the
// `Amplify` facade of the aws-amplify package also wires Cognito's token and credential
// providers, about 7 kB gzip of code this cookie-session API never runs (ADR 0023).
import { type AmplifyContext, createAmplifyContext } from '@aws-amplify/core';
import { del, get, patch, post, put } from 'aws-amplify/api';
import { COOKIES, XSRF_HEADER } from '@/config/constants';
import { getCookie } from './cookies';
import { i18n } from './i18n';
import type { ErrorBody } from './types';

const API_NAME = 'almoner';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Body = Record<string, unknown> | FormData;
/** Amplify's own body type (JSON document or FormData). */
type AmplifyBody = NonNullable<NonNullable<Parameters<typeof post>[0]['options']>['body']>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message || `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get fieldErrors(): Record<string, string[]> | undefined {
    return this.body.errors;
  }
}

export interface RequestOptions {
  body?: Body;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Skip the global error handling of spec §8 (the caller handles or only logs). */
  silent?: boolean;
  /** Return the body as text, unparsed (a CSV download). */
  text?: boolean;
}

type ErrorHandler = (error: ApiError) => void;
let errorHandler: ErrorHandler = () => {};

/** The app installs the spec §8 reactions (logout, redirects, notification). */
export function setApiErrorHandler(handler: ErrorHandler): void {
  errorHandler = handler;
}

/** Lets a silent caller hand one error to the global reactions (e.g. a 401 while polling). */
export function reportApiError(error: ApiError): void {
  errorHandler(error);
}

let context: AmplifyContext | null = null;

/**
 * Same-origin REST API on `/api`. defaultAuthMode 'none' stops Amplify from looking for IAM
 * credentials to sign with: the session is the HttpOnly cookie the browser sends itself.
 */
export function configureApi(): AmplifyContext {
  context ??= createAmplifyContext(
    { API: { REST: { [API_NAME]: { endpoint: `${window.location.origin}/api` } } } },
    { API: { REST: { defaultAuthMode: 'none', retryStrategy: { strategy: 'no-retry' } } } },
  );
  return context;
}

function headersFor(method: Method): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.language || 'en',
  };
  if (method !== 'GET') {
    const xsrf = getCookie(COOKIES.xsrf);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  const startupToken = getCookie(COOKIES.startupToken);
  if (startupToken) headers.Authorization = `Bearer ${startupToken}`;
  return headers;
}

function queryParams(query: RequestOptions['query']): Record<string, string> | undefined {
  if (!query) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

interface AmplifyErrorLike {
  message?: string;
  response?: { statusCode: number; body?: string };
}

async function toApiError(error: unknown): Promise<ApiError> {
  const response = (error as AmplifyErrorLike)?.response;
  if (response && typeof response.statusCode === 'number') {
    const body = (parseJson(response.body ?? '') ?? {}) as ErrorBody;
    return new ApiError(response.statusCode, typeof body === 'object' ? body : {});
  }
  return new ApiError(0, { message: (error as Error)?.message || 'Network error' });
}

const operations = { GET: get, POST: post, PUT: put, PATCH: patch, DELETE: del };

export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const amplify = configureApi();
  const operation = operations[method];
  try {
    const { response } = operation(amplify, {
      apiName: API_NAME,
      path,
      options: {
        headers: headersFor(method),
        queryParams: queryParams(options.query),
        ...(options.body !== undefined ? { body: options.body as AmplifyBody } : {}),
      },
    });
    const result = await response;
    if (!('body' in result) || result.statusCode === 204) return undefined as T;
    const text = await result.body.text();
    return (options.text ? text : parseJson(text)) as T;
  } catch (error) {
    const apiError = error instanceof ApiError ? error : await toApiError(error);
    if (!options.silent) errorHandler(apiError);
    throw apiError;
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: Body, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: Body, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: Body, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, body?: Body, options?: RequestOptions) =>
    apiRequest<T>('DELETE', path, { ...options, body }),
};
