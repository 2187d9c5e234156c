import { describe, expect, it } from 'vitest';
import type { DonorInput } from '../api';
import { countryGroups } from '../countries';
import { normaliseUkPostcode, parseTags, toPayload, validateDonor } from '../validation';

function donor(overrides: Partial<DonorInput> = {}): DonorInput {
  const consent = { granted: false, date: null, source: null };
  return {
    type: 'individual',
    title: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: null,
    email: null,
    phone: null,
    house: '12',
    address_line1: null,
    address_line2: null,
    town: null,
    county: null,
    postcode: 'BA1 1AA',
    country: 'GB',
    consents: { email: consent, post: consent, phone: consent, sms: consent },
    notes: null,
    tags: [],
    ...overrides,
  };
}

describe('donor form validation', () => {
  it('accepts a complete individual', () => {
    expect(validateDonor(donor())).toEqual({});
  });

  it('needs a first or last name for an individual, a company name for an organisation', () => {
    expect(validateDonor(donor({ first_name: ' ', last_name: null }))).toEqual({
      last_name: ['donors.validation.name_required'],
    });
    expect(validateDonor(donor({ type: 'organisation', company_name: '' }))).toEqual({
      company_name: ['donors.validation.company_required'],
    });
  });

  it('rejects a malformed email, phone and UK postcode, but not a foreign postcode', () => {
    const errors = validateDonor(donor({ email: 'ada@', phone: 'call me', postcode: 'BA1' }));
    expect(Object.keys(errors).sort()).toEqual(['email', 'phone', 'postcode']);
    expect(validateDonor(donor({ country: 'US', postcode: '90210' }))).toEqual({});
  });

  it('flags over-long fields and a granted consent without its date', () => {
    const errors = validateDonor(
      donor({
        first_name: 'x'.repeat(101),
        consents: { ...donor().consents, sms: { granted: true, date: null, source: null } },
      }),
    );
    expect(errors.first_name).toEqual(['donors.validation.too_long']);
    expect(errors['consents.sms.date']).toEqual(['donors.validation.consent_date']);
  });

  it('normalises UK postcodes to upper case with one space', () => {
    expect(normaliseUkPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normaliseUkPostcode(' ba1  1aa ')).toBe('BA1 1AA');
    expect(normaliseUkPostcode('m11ae')).toBe('M1 1AE');
    expect(normaliseUkPostcode('not a postcode')).toBe('not a postcode');
  });

  it('sends blanks as null and the UK postcode normalised', () => {
    const payload = toPayload(donor({ email: '  ', postcode: 'ba11aa', notes: ' hi ' }));
    expect(payload.email).toBeNull();
    expect(payload.postcode).toBe('BA1 1AA');
    expect(payload.notes).toBe('hi');
    expect(toPayload(donor({ country: 'FR', postcode: '75001' })).postcode).toBe('75001');
  });

  it('splits tags on commas without blanks or repeats', () => {
    expect(parseTags('church,  gala dinner , ,church')).toEqual(['church', 'gala dinner']);
  });

  it('lists the United Kingdom and the United States first as Mostly Used, then every country', () => {
    const { mostlyUsed, others } = countryGroups('en');
    expect(mostlyUsed.map((country) => country.name)).toEqual(['United Kingdom', 'United States']);
    expect(others).toHaveLength(247);
    expect(others.some((country) => country.code === 'GB')).toBe(false);
    expect(others[0]?.name).toBe('Afghanistan');
  });
});
