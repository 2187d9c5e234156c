import { CURRENCY, DATE_LOCALE_TAGS, DEFAULT_LOCALE, type Locale } from '@/config/constants';

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

export function formatMoney(amount: string | number, locale: string): string {
  return new Intl.NumberFormat(tag(locale), {
    style: 'currency',
    currency: CURRENCY.code,
    currencyDisplay: 'narrowSymbol',
  }).format(Number(amount));
}
