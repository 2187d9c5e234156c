import { formatMoney } from '@/lib/format';
import { FREQUENCIES, type Frequency, type PublicPage } from './api';

/** Integer pence from "10", "10.5" or "10.50"; null for anything else. */
export function toPence(value: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "10.00": the API's money strings. */
export function penceToAmount(pence: number): string {
  return (pence / 100).toFixed(2);
}

export const pounds = (pence: number): string => formatMoney(pence / 100);

/**
 * What "cover the fees" adds: the gateway's fee estimate from the page (percent of the gift plus
 * a fixed part), rounded up to a whole penny so the charity is not short.
 */
export function feeCover(pence: number, fee: PublicPage['fee']): number {
  const percent = Number(fee.percent);
  const fixed = toPence(fee.fixed) ?? 0;
  return Math.ceil((pence * percent) / 100 + fixed);
}

/** Gift Aid adds 25p for every £1 given (basic rate 20 %: 20 / 80). */
export function giftAidOn(pence: number): number {
  return Math.floor(pence / 4);
}

/** A UK postcode (HMRC's pattern for a Gift Aid declaration's postcode), any case and spacing. */
export const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?\s?[0-9][A-Z]{2}$/i;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const HOUSE_MAX = 40;

export interface GiveValues {
  frequency: Frequency;
  preset: string;
  other: string;
  fund_id: string;
  cover_fees: boolean;
  provider: string;
  first_name: string;
  last_name: string;
  email: string;
  consent_email: boolean;
  consent_post: boolean;
  consent_phone: boolean;
  consent_sms: boolean;
  gift_aid: boolean;
  house: string;
  address_line1: string;
  town: string;
  postcode: string;
  overseas: boolean;
  country: string;
  tax_statement: boolean;
  website: string;
}

/** The "other amount" choice among the preset radios. */
export const OTHER = 'other';

export function chosenPence(values: GiveValues): number | null {
  return toPence(values.preset === OTHER ? values.other : values.preset);
}

/** The errors a donor can fix before anything is sent, as translation keys by field. */
export function validate(values: GiveValues, page: PublicPage): Record<string, string> {
  const errors: Record<string, string> = {};
  const pence = chosenPence(values);
  const min = toPence(page.min_amount) ?? 100;
  const max = toPence(page.max_amount) ?? 1_000_000;
  if (values.preset === '') errors.amount = 'errors.amount_required';
  else if (pence === null) errors.amount = 'errors.amount_format';
  else if (pence < min || pence > max) errors.amount = 'errors.amount_range';
  if (!values.first_name.trim()) errors.first_name = 'errors.first_name_required';
  if (!values.last_name.trim()) errors.last_name = 'errors.last_name_required';
  if (!values.email.trim()) errors.email = 'errors.email_required';
  else if (!EMAIL.test(values.email.trim())) errors.email = 'errors.email_format';
  if (values.gift_aid) {
    if (!values.house.trim()) errors.house = 'errors.house_required';
    else if (values.house.trim().length > HOUSE_MAX) errors.house = 'errors.house_length';
    if (!values.address_line1.trim()) errors.address_line1 = 'errors.address_line1_required';
    if (!values.town.trim()) errors.town = 'errors.town_required';
    if (values.overseas) {
      if (!values.country.trim()) errors.country = 'errors.country_required';
    } else if (!values.postcode.trim()) errors.postcode = 'errors.postcode_required';
    else if (!UK_POSTCODE.test(values.postcode.trim())) errors.postcode = 'errors.postcode_format';
    if (!values.tax_statement) errors.tax_statement = 'errors.tax_statement_required';
  }
  if (!values.provider) errors.provider = 'errors.provider_required';
  return errors;
}

/** The order of the fields on the page: the first error takes the focus. */
export const FIELD_ORDER = [
  'frequency',
  'amount',
  'fund_id',
  'cover_fees',
  'first_name',
  'last_name',
  'email',
  'consents',
  'gift_aid',
  'house',
  'address_line1',
  'town',
  'postcode',
  'country',
  'tax_statement',
  'provider',
] as const;

/** The frequencies a page offers, in the order shown; "once" alone when it names none. */
export function offeredFrequencies(page: PublicPage): Frequency[] {
  const offered = page.frequencies ?? [];
  const known = FREQUENCIES.filter((value) => offered.includes(value));
  return known.length > 0 ? known : ['once'];
}
