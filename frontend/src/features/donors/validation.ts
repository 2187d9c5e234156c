import { UK } from './countries';
import type { DonorInput } from './api';

/** Field limits of the API (functions/donors/schemas.py). */
export const DONOR_LIMITS = {
  title: 20,
  first_name: 100,
  last_name: 100,
  company_name: 200,
  house: 100,
  address_line1: 200,
  address_line2: 200,
  town: 100,
  county: 100,
  postcode: 20,
  notes: 5000,
  consent_source: 100,
  tag: 40,
  tags: 20,
} as const;

const UK_POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{3,30}$/;

/**
 * A UK postcode in HMRC's form: upper case with one space before the inward code
 * (`sw1a1aa` → `SW1A 1AA`). Anything that is not a UK postcode comes back trimmed, unchanged.
 */
export function normaliseUkPostcode(value: string): string {
  const compact = value.trim().toUpperCase().replace(/\s+/g, '');
  const match = UK_POSTCODE.exec(compact);
  return match ? `${match[1]} ${match[2]}` : value.trim();
}

export function isUkPostcode(value: string): boolean {
  return UK_POSTCODE.test(value.trim().toUpperCase());
}

/** Tags typed as "a, b, c": trimmed, without blanks or repeats. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

type Messages = Record<string, string[]>;

/**
 * The checks the form makes before sending (translation keys, under the field names the API
 * uses); the server repeats every one of them. HMRC's limits are not errors: they come back
 * as `warnings`.
 */
export function validateDonor(values: DonorInput): Messages {
  const errors: Messages = {};
  const add = (field: string, key: string) => (errors[field] = [...(errors[field] ?? []), key]);
  if (values.type === 'individual' && !values.first_name?.trim() && !values.last_name?.trim()) {
    add('last_name', 'donors.validation.name_required');
  }
  if (values.type === 'organisation' && !values.company_name?.trim()) {
    add('company_name', 'donors.validation.company_required');
  }
  if (values.email && !EMAIL.test(values.email.trim())) add('email', 'donors.validation.email');
  if (values.phone && !PHONE.test(values.phone.trim())) add('phone', 'donors.validation.phone');
  if (values.postcode && values.country === UK && !isUkPostcode(values.postcode)) {
    add('postcode', 'donors.validation.uk_postcode');
  }
  for (const field of [
    'title',
    'first_name',
    'last_name',
    'company_name',
    'house',
    'address_line1',
    'address_line2',
    'town',
    'county',
    'postcode',
    'notes',
  ] as const) {
    if ((values[field] ?? '').length > DONOR_LIMITS[field])
      add(field, 'donors.validation.too_long');
  }
  if (values.tags.length > DONOR_LIMITS.tags) add('tags', 'donors.validation.too_many_tags');
  for (const [channel, consent] of Object.entries(values.consents)) {
    if (consent.granted && !consent.date)
      add(`consents.${channel}.date`, 'donors.validation.consent_date');
  }
  return errors;
}

/** What the API receives: blanks as null, the postcode normalised for the UK. */
export function toPayload(values: DonorInput): DonorInput {
  const blank = (value: string | null) => (value && value.trim() ? value.trim() : null);
  const postcode = blank(values.postcode);
  return {
    ...values,
    title: blank(values.title),
    first_name: blank(values.first_name),
    last_name: blank(values.last_name),
    company_name: blank(values.company_name),
    email: blank(values.email),
    phone: blank(values.phone),
    house: blank(values.house),
    address_line1: blank(values.address_line1),
    address_line2: blank(values.address_line2),
    town: blank(values.town),
    county: blank(values.county),
    postcode: postcode && values.country === UK ? normaliseUkPostcode(postcode) : postcode,
    notes: blank(values.notes),
    consents: Object.fromEntries(
      Object.entries(values.consents).map(([channel, consent]) => [
        channel,
        {
          granted: consent.granted,
          date: consent.date || null,
          source: blank(consent.source),
        },
      ]),
    ) as DonorInput['consents'],
  };
}
