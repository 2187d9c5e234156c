import {
  CURRENCY,
  DATE_LOCALE_TAGS,
  DEFAULT_LOCALE,
  MONEY_LOCALE_TAG,
  type Locale,
} from '@/config/constants';

function tag(locale: string): string {
  return DATE_LOCALE_TAGS[(locale in DATE_LOCALE_TAGS ? locale : DEFAULT_LOCALE) as Locale];
}

/** Day, short month, year: "5 Apr 2026" (en-GB) or "5 abr 2026" (es-ES). */
export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(tag(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

const MONEY = new Intl.NumberFormat(MONEY_LOCALE_TAG, {
  style: 'currency',
  currency: CURRENCY.code,
  currencyDisplay: 'narrowSymbol',
});

/**
 * The one money format of the app: en-GB pounds with thousands separators ("£1,709.26") in every
 * language — the spec fixes English (GB) formatting for money, so Spanish reads "£1,709.26" too,
 * never "1709,26 £". The interface language is accepted for the callers' convenience and ignored.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- callers pass their language; money ignores it
export function formatMoney(amount: string | number, _language?: string): string {
  return MONEY.format(Number(amount));
}

/** Day, short month, year and time of day: "5 Apr 2026, 14:03" (en-GB) — for events whose
 * minute matters (webhook calls, payments). */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(tag(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
