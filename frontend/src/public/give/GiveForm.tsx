import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button-core';
import { Card } from '@/components/Card';
import {
  giveApi,
  PublicApiError,
  type CheckoutRequest,
  type Frequency,
  type PublicPage,
} from './api';
import { Checkbox, Choice, fieldId, TextInput } from './fields';
import {
  chosenPence,
  feeCover,
  FIELD_ORDER,
  giftAidOn,
  HOUSE_MAX,
  offeredFrequencies,
  OTHER,
  penceToAmount,
  pounds,
  toPence,
  validate,
  type GiveValues,
} from './rules';
import { rememberDonor } from './donor';

interface Props {
  slug: string;
  page: PublicPage;
  cancelled: boolean;
  /** Leaves for the provider's payment page (a prop so tests can see where it goes). */
  redirect?: (url: string) => void;
  /** A landing page's donation form (its page's `frequencies` are the ones the form allows): the
   * frequency chosen at first, its page id and its fund. The give page passes none of these. */
  defaultFrequency?: Frequency;
  pageId?: string;
  fundId?: string | null;
  /** The builder's preview: the form is shown but never sent. */
  preview?: boolean;
}

const CONSENTS = ['email', 'post', 'phone', 'sms'] as const;

function initialValues(page: PublicPage): GiveValues {
  const offered = offeredFrequencies(page);
  return {
    frequency: offered.includes('once') ? 'once' : (offered[0] ?? 'once'),
    preset: '',
    other: '',
    fund_id: page.funds.length === 1 ? (page.funds[0]?.id ?? '') : '',
    cover_fees: false,
    provider: page.providers[0]?.provider ?? '',
    first_name: '',
    last_name: '',
    email: '',
    consent_email: false,
    consent_post: false,
    consent_phone: false,
    consent_sms: false,
    gift_aid: false,
    house: '',
    address_line1: '',
    town: '',
    postcode: '',
    overseas: false,
    country: '',
    tax_statement: false,
    website: '',
  };
}

function checkoutRequest(values: GiveValues, pence: number, page: PublicPage): CheckoutRequest {
  const trimmed = (value: string) => value.trim();
  const request: CheckoutRequest = {
    amount: penceToAmount(pence),
    cover_fees: values.cover_fees,
    provider: values.provider as CheckoutRequest['provider'],
    first_name: trimmed(values.first_name),
    last_name: trimmed(values.last_name),
    email: trimmed(values.email),
    consents: {
      email: values.consent_email,
      post: values.consent_post,
      phone: values.consent_phone,
      sms: values.consent_sms,
    },
    gift_aid: values.gift_aid,
    overseas: values.gift_aid && values.overseas,
    tax_statement: values.gift_aid && values.tax_statement,
    website: values.website,
  };
  if (values.fund_id) request.fund_id = values.fund_id;
  // A page from before recurring giving names no frequencies: its gifts are one-off, as before.
  if (page.frequencies) request.frequency = values.frequency;
  if (values.gift_aid) {
    request.house = trimmed(values.house);
    request.address_line1 = trimmed(values.address_line1);
    request.town = trimmed(values.town);
    if (values.overseas) request.country = trimmed(values.country);
    else request.postcode = trimmed(values.postcode).toUpperCase();
  }
  return request;
}

/** The server's field names ("consents.email", "postcode") mapped onto the form's. */
function fieldOf(key: string): string | null {
  const base = key.split('.')[0] ?? key;
  return (FIELD_ORDER as readonly string[]).includes(base) ? base : null;
}

/** The input that takes the focus for a field's error. */
function focusTarget(field: string, values: GiveValues): string {
  if (field === 'amount' && values.preset === OTHER) return fieldId('other');
  if (field === 'consents') return fieldId('consent_email');
  return fieldId(field);
}

export function GiveForm({
  slug,
  page,
  cancelled,
  redirect = (url) => window.location.assign(url),
  defaultFrequency,
  pageId,
  fundId,
  preview = false,
}: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<GiveValues>(() => ({
    ...initialValues(page),
    ...(fundId ? { fund_id: fundId } : {}),
    ...(defaultFrequency && offeredFrequencies(page).includes(defaultFrequency)
      ? { frequency: defaultFrequency }
      : {}),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const summary = useRef<HTMLDivElement>(null);

  const min = pounds(toPence(page.min_amount) ?? 100);
  const max = pounds(toPence(page.max_amount) ?? 1_000_000);
  const pence = chosenPence(values);
  const fee = pence === null ? null : feeCover(pence, page.fee);
  const total = pence === null ? null : pence + (values.cover_fees && fee !== null ? fee : 0);
  const mode = page.providers.find((provider) => provider.provider === values.provider)?.mode;

  const set = <K extends keyof GiveValues>(key: K, value: GiveValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field =
      key === 'preset' || key === 'other'
        ? 'amount'
        : key.startsWith('consent_')
          ? 'consents'
          : key;
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  // After a refused submit: the first error's input takes the focus (or the summary, if none).
  useEffect(() => {
    if (!focusRequest) return;
    const first = FIELD_ORDER.find((field) => field in errors);
    const target = first ? document.getElementById(focusTarget(first, values)) : null;
    (target ?? summary.current)?.focus();
    // Only a new submit moves the focus, not typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const refuse = (found: Record<string, string>, message: string | null) => {
    setErrors(found);
    setGeneral(message);
    setFocusRequest((count) => count + 1);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = Object.fromEntries(
      Object.entries(validate(values, page)).map(([field, key]) => [field, t(key, { min, max })]),
    );
    if (Object.keys(found).length > 0 || pence === null) {
      refuse(found, null);
      return;
    }
    if (preview) return;
    setBusy(true);
    setErrors({});
    setGeneral(null);
    const request = checkoutRequest(values, pence, page);
    if (pageId) request.page_id = pageId;
    try {
      const answer = await giveApi.checkout(slug, request);
      rememberDonor(answer.intent_id, values.first_name.trim(), values.frequency);
      redirect(answer.redirect_url);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof PublicApiError)) throw error;
      if (error.status === 429) return refuse({}, t('errors.too_many'));
      if (error.status === 404) return refuse({}, t('errors.gone'));
      if (error.status !== 422) return refuse({}, t('errors.failed'));
      const fields: Record<string, string> = {};
      for (const [key, messages] of Object.entries(error.fieldErrors)) {
        const field = fieldOf(key);
        if (field && !(field in fields)) fields[field] = messages.join(' ');
      }
      const unplaced = Object.keys(fields).length === 0;
      refuse(fields, unplaced ? error.message || t('errors.rejected') : null);
    }
  };

  const errorList = FIELD_ORDER.filter((field) => errors[field]);
  const frequencies = offeredFrequencies(page);
  const recurring: Exclude<Frequency, 'once'> | null =
    values.frequency === 'once' ? null : values.frequency;
  const providerName = (provider: string) => t(`form.provider_${provider}`);

  return (
    <Card
      as="form"
      className="give-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="give-title"
    >
      {mode === 'test' && (
        <p className="give-banner give-banner--test" role="note">
          {t('page.test_mode')}
        </p>
      )}
      {cancelled && <p className="notice">{t('page.cancelled')}</p>}
      {(errorList.length > 0 || general) && (
        <div ref={summary} className="form-error give-summary" role="alert" tabIndex={-1}>
          <h2>{t('form.error_summary')}</h2>
          {general && <p>{general}</p>}
          {errorList.length > 0 && (
            <ul>
              {errorList.map((field) => (
                <li key={field}>
                  <a
                    href={`#${focusTarget(field, values)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      document.getElementById(focusTarget(field, values))?.focus();
                    }}
                  >
                    {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {frequencies.length > 1 && (
        <Choice
          name="frequency"
          legend={t('form.frequency')}
          value={values.frequency}
          className="give-frequencies"
          options={frequencies.map((value) => ({
            value,
            label: t(`form.frequency_${value}`),
          }))}
          onValue={(value) => set('frequency', value as Frequency)}
          error={errors.frequency}
        >
          {recurring && <p className="field-hint">{t('form.frequency_hint')}</p>}
        </Choice>
      )}

      <Choice
        name="amount"
        legend={recurring ? t(`form.amount_${recurring}`) : t('form.amount')}
        value={values.preset}
        className="give-amounts"
        options={[
          ...page.presets.map((preset) => ({ value: preset, label: pounds(toPence(preset) ?? 0) })),
          { value: OTHER, label: t('form.other') },
        ]}
        onValue={(value) => set('preset', value)}
        error={values.preset === OTHER ? undefined : errors.amount}
      >
        {values.preset === OTHER && (
          <TextInput
            name="other"
            label={t('form.other_amount')}
            hint={t('form.amount_hint', { min, max })}
            value={values.other}
            onValue={(value) => set('other', value)}
            inputMode="decimal"
            autoComplete="off"
            error={errors.amount}
          />
        )}
      </Choice>

      {page.funds.length > 1 && !fundId && (
        <Choice
          name="fund_id"
          legend={t('form.fund')}
          value={values.fund_id}
          options={[
            { value: '', label: t('form.fund_any') },
            ...page.funds.map((fund) => ({
              value: fund.id,
              label: fund.name,
              hint: fund.description,
            })),
          ]}
          onValue={(value) => set('fund_id', value)}
          error={errors.fund_id}
        />
      )}

      {page.cover_fees && (
        <Checkbox
          name="cover_fees"
          label={
            fee === null
              ? t('form.cover_fees_plain')
              : recurring
                ? t(`form.cover_fees_${recurring}`, { amount: pounds(fee) })
                : t('form.cover_fees', { amount: pounds(fee) })
          }
          hint={t('form.cover_fees_hint', { charity: page.charity.name })}
          checked={values.cover_fees}
          onValue={(checked) => set('cover_fees', checked)}
          error={errors.cover_fees}
        />
      )}

      <fieldset className="give-fieldset">
        <legend>{t('form.about_you')}</legend>
        <TextInput
          name="first_name"
          label={t('form.first_name')}
          value={values.first_name}
          onValue={(value) => set('first_name', value)}
          autoComplete="given-name"
          required
          error={errors.first_name}
        />
        <TextInput
          name="last_name"
          label={t('form.last_name')}
          value={values.last_name}
          onValue={(value) => set('last_name', value)}
          autoComplete="family-name"
          required
          error={errors.last_name}
        />
        <TextInput
          name="email"
          type="email"
          label={t('form.email')}
          hint={t('form.email_hint')}
          value={values.email}
          onValue={(value) => set('email', value)}
          autoComplete="email"
          required
          error={errors.email}
        />
      </fieldset>

      <fieldset className="give-fieldset" aria-describedby="give-consents-intro">
        <legend>{t('form.consents')}</legend>
        <p id="give-consents-intro" className="field-hint">
          {t('form.consents_intro')}
        </p>
        {CONSENTS.map((channel) => (
          <Checkbox
            key={channel}
            name={`consent_${channel}`}
            label={t(`form.consent_${channel}`)}
            checked={values[`consent_${channel}`]}
            onValue={(checked) => set(`consent_${channel}`, checked)}
          />
        ))}
        {errors.consents && <p className="field-error">{errors.consents}</p>}
      </fieldset>

      <fieldset className="give-fieldset give-gift-aid">
        <legend>{t('form.gift_aid')}</legend>
        <p className="give-gift-aid__boost">{t('form.gift_aid_boost')}</p>
        {pence !== null && (
          <p className="field-hint">
            {recurring
              ? t(`form.gift_aid_extra_${recurring}`, { amount: pounds(giftAidOn(pence)) })
              : t('form.gift_aid_extra', { amount: pounds(giftAidOn(pence)) })}
          </p>
        )}
        <Checkbox
          name="gift_aid"
          label={page.gift_aid.declaration || t('form.gift_aid_opt_in')}
          checked={values.gift_aid}
          onValue={(checked) => set('gift_aid', checked)}
          error={errors.gift_aid}
        />
        {values.gift_aid && (
          <div className="give-address">
            <h3>{t('form.home_address')}</h3>
            <p className="field-hint">{t('form.home_address_hint')}</p>
            <TextInput
              name="house"
              label={t('form.house')}
              value={values.house}
              onValue={(value) => set('house', value)}
              maxLength={HOUSE_MAX}
              autoComplete="address-line1"
              required
              error={errors.house}
            />
            <TextInput
              name="address_line1"
              label={t('form.address_line1')}
              value={values.address_line1}
              onValue={(value) => set('address_line1', value)}
              autoComplete="address-line2"
              required
              error={errors.address_line1}
            />
            <TextInput
              name="town"
              label={t('form.town')}
              value={values.town}
              onValue={(value) => set('town', value)}
              autoComplete="address-level2"
              required
              error={errors.town}
            />
            {!values.overseas && (
              <TextInput
                name="postcode"
                label={t('form.postcode')}
                value={values.postcode}
                onValue={(value) => set('postcode', value)}
                autoComplete="postal-code"
                required
                error={errors.postcode}
              />
            )}
            <Checkbox
              name="overseas"
              label={t('form.overseas')}
              checked={values.overseas}
              onValue={(checked) => set('overseas', checked)}
            />
            {values.overseas && (
              <TextInput
                name="country"
                label={t('form.country')}
                value={values.country}
                onValue={(value) => set('country', value)}
                autoComplete="country-name"
                required
                error={errors.country}
              />
            )}
            <h3>{t('form.tax_statement')}</h3>
            <Checkbox
              name="tax_statement"
              label={page.gift_aid.statement}
              checked={values.tax_statement}
              onValue={(checked) => set('tax_statement', checked)}
              error={errors.tax_statement}
            />
          </div>
        )}
      </fieldset>

      {page.providers.length > 1 ? (
        <Choice
          name="provider"
          legend={t('form.provider')}
          value={values.provider}
          options={page.providers.map(({ provider }) => ({
            value: provider,
            label: providerName(provider),
          }))}
          onValue={(value) => set('provider', value)}
          error={errors.provider}
        />
      ) : (
        errors.provider && <p className="field-error">{errors.provider}</p>
      )}

      {/* Bots fill every field; people never see this one (give.css, tabIndex -1, aria-hidden). */}
      <div className="give-honeypot" aria-hidden="true">
        <label htmlFor="give-website">{t('form.honeypot')}</label>
        <input
          id="give-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(event) =>
            setValues((current) => ({ ...current, website: event.target.value }))
          }
        />
      </div>

      <div className="form-actions give-actions">
        {values.provider && (
          <p className="field-hint">
            {t('form.secure_note', {
              provider: values.provider === 'paypal' ? 'PayPal' : 'Stripe',
            })}
          </p>
        )}
        <Button type="submit" variant="primary" loading={busy}>
          {busy
            ? t('form.redirecting')
            : total === null
              ? t('form.submit_plain')
              : recurring
                ? t(`form.submit_${recurring}`, { amount: pounds(total) })
                : t('form.submit', { amount: pounds(total) })}
        </Button>
      </div>
    </Card>
  );
}
