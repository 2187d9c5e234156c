import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/Card';
import { Button } from '@/components/Button';
import {
  CheckboxField,
  FieldError,
  FormError,
  SelectField,
  SubmitButton,
  TextField,
  useForm,
} from '@/components/forms';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DonorLookup, type DonorChoice } from '@/features/donors/DonorLookup';
import {
  defaultSplit,
  sameSplit,
  splitOf,
  toAllocations,
  type SplitValue,
} from '@/features/funds/split';
import { SplitEditor } from '@/features/funds/SplitEditor';
import { formatMoney } from '@/lib/format';
import {
  CHOSEN_STATUSES,
  PAYMENT_METHODS,
  type Donation,
  type DonationInput,
  type DonationStatus,
  type PaymentMethod,
} from './api';
import { gasdsAllowed, gasdsRuleOn } from './gasds';
import { moneyInput, todayIso } from './money';
import { useCatalogs } from './useCatalogs';

export interface DonationFormValues extends Record<string, unknown> {
  donor: DonorChoice | null;
  amount: string;
  date: string;
  type_id: string;
  payment_method: PaymentMethod;
  location_id: string;
  source: string;
  external_ref: string;
  benefit_value: string;
  sponsored: boolean;
  notes: string;
  status: DonationStatus;
  refunded_at: string;
  payment_for_goods: boolean;
  gasds: boolean;
  /** The "Funds" section: the split across funds. */
  allocations: SplitValue;
}

export function emptyDonation(donor: DonorChoice | null = null): DonationFormValues {
  return {
    donor,
    amount: '',
    date: todayIso(),
    type_id: '',
    payment_method: 'cash',
    location_id: '',
    source: '',
    external_ref: '',
    benefit_value: '',
    sponsored: false,
    notes: '',
    status: 'received',
    refunded_at: '',
    payment_for_goods: false,
    gasds: false,
    allocations: defaultSplit(),
  };
}

export function donationValuesOf(donation: Donation): DonationFormValues {
  return {
    donor: donation.donor_id ? { id: donation.donor_id, name: donation.donor_name ?? '' } : null,
    amount: donation.amount,
    date: donation.date,
    type_id: donation.type_id ?? '',
    payment_method: donation.payment_method,
    location_id: donation.location_id ?? '',
    source: donation.source ?? '',
    external_ref: donation.external_ref ?? '',
    benefit_value: donation.benefit_value ?? '',
    sponsored: donation.sponsored,
    notes: donation.notes ?? '',
    status: donation.status,
    refunded_at: donation.refunded_at ?? '',
    payment_for_goods: Boolean(donation.payment_for_goods),
    gasds: Boolean(donation.gasds),
    allocations: splitOf(donation.allocations),
  };
}

export function toDonationInput(
  values: DonationFormValues,
  { rebalance = false }: { rebalance?: boolean } = {},
): DonationInput {
  const blank = (value: string) => (value.trim() ? value.trim() : null);
  return {
    donor_id: values.donor?.id ?? null,
    amount: moneyInput(values.amount),
    date: values.date,
    type_id: blank(values.type_id),
    payment_method: values.payment_method,
    location_id: blank(values.location_id),
    source: blank(values.source),
    external_ref: blank(values.external_ref),
    benefit_value: values.benefit_value.trim() ? moneyInput(values.benefit_value) : null,
    sponsored: values.sponsored,
    notes: blank(values.notes),
    status: values.status,
    refunded_at: values.status === 'refunded' ? blank(values.refunded_at) : null,
    // Kept as it was: the server replaces the whole donation, so leaving it out would clear it.
    payment_for_goods: values.payment_for_goods,
    // Offered only when the rules allow it; a value that no longer qualifies is not sent as GASDS.
    gasds: values.gasds && gasdsAllowed(values),
    allocations: toAllocations(values.amount, values.allocations),
    // Sent only by an edit the user confirmed (a new donation has no split to re-balance).
    ...(rebalance ? { rebalance: true } : {}),
  };
}

interface DonationFormProps {
  initial: DonationFormValues;
  submitLabel: string;
  /** The donor is fixed (adding from a donor's page). */
  lockDonor?: boolean;
  /** Replaces the donor look-up (e.g. "choose or create the donor" on the Donations list). */
  donorField?: React.ReactNode;
  onSubmit: (input: DonationInput) => Promise<Donation>;
  onSaved: (donation: Donation) => void;
  onCancel: () => void;
  onReload?: () => void;
}

export function DonationForm(props: DonationFormProps) {
  const { t } = useTranslation();
  const form = useForm<DonationFormValues>(props.initial);
  const { types, locations } = useCatalogs();
  const donorErrorId = useId();
  const values = form.values;

  const [confirming, setConfirming] = useState(false);
  const initial = props.initial;
  // A split donation whose amount changed while its lines did not: the server re-balances the
  // lines in the same proportions only when the user says so.
  const needsRebalance =
    initial.allocations.lines.length > 1 &&
    moneyInput(values.amount) !== moneyInput(initial.amount) &&
    sameSplit(values.allocations, initial.allocations);

  const save = async (rebalance: boolean) => {
    const saved = await form.submit((current) =>
      props.onSubmit(toDonationInput(current, { rebalance })),
    );
    if (saved) props.onSaved(saved);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (needsRebalance) setConfirming(true);
    else await save(false);
  };
  const splitErrors = Object.entries(form.errors)
    .filter(([field]) => field === 'allocations' || field.startsWith('allocations.'))
    .flatMap(([, messages]) => messages);

  return (
    <Card
      as="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="form-card"
      testId="donation-form"
    >
      <FormError message={form.generalError} />
      {form.generalError && props.onReload && (
        <p>
          <Button onClick={props.onReload}>{t('donors.reload')}</Button>
        </p>
      )}
      <div className="field">
        {props.donorField ? (
          props.donorField
        ) : props.lockDonor ? (
          <p>
            <strong>{t('donations.fields.donor')}:</strong> {values.donor?.name}
          </p>
        ) : (
          <DonorLookup
            label={t('donations.fields.donor')}
            value={values.donor}
            onChange={(choice) => form.setValue('donor', choice)}
            invalid={Boolean(form.errors.donor_id)}
            describedBy={donorErrorId}
            placeholder={t('donations.anonymous_hint')}
          />
        )}
        <FieldError id={donorErrorId} messages={form.errors.donor_id} />
      </div>
      <div className="grid-2">
        <TextField
          form={form}
          name="amount"
          label={t('donations.fields.amount')}
          inputMode="numeric"
          required
        />
        <TextField
          form={form}
          name="date"
          type="date"
          label={t('donations.fields.date')}
          required
        />
        <SelectField
          form={form}
          name="type_id"
          label={t('donations.fields.type')}
          placeholder={t('donations.none')}
          options={types.map((item) => ({ value: item.id, label: item.name }))}
        />
        <SelectField
          form={form}
          name="payment_method"
          label={t('donations.fields.payment_method')}
          options={PAYMENT_METHODS.map((value) => ({
            value,
            label: t(`donations.methods.${value}`),
          }))}
        />
        <SelectField
          form={form}
          name="location_id"
          label={t('donations.fields.location')}
          placeholder={t('donations.none')}
          options={locations.map((item) => ({ value: item.id, label: item.name }))}
        />
        <TextField form={form} name="source" label={t('donations.fields.source')} maxLength={100} />
        <TextField
          form={form}
          name="external_ref"
          label={t('donations.fields.external_ref')}
          maxLength={100}
        />
        <TextField
          form={form}
          name="benefit_value"
          label={t('donations.fields.benefit_value')}
          inputMode="numeric"
          hint={t('donations.benefit_hint')}
        />
        <SelectField
          form={form}
          name="status"
          label={t('donations.fields.status')}
          options={[
            ...CHOSEN_STATUSES,
            ...(initial.status === 'pending' ? (['pending'] as const) : []),
          ].map((value) => ({
            value,
            label: t(`donations.statuses.${value}`),
          }))}
        />
        {values.status === 'refunded' && (
          <TextField
            form={form}
            name="refunded_at"
            type="date"
            label={t('donations.fields.refunded_at')}
            required
          />
        )}
      </div>
      <SplitEditor
        total={values.amount}
        value={values.allocations}
        onChange={(split) => form.setValue('allocations', split)}
        errors={splitErrors.length > 0 ? splitErrors : undefined}
      />
      <CheckboxField form={form} name="sponsored" label={t('donations.fields.sponsored')} />
      {gasdsAllowed(values) && (
        <CheckboxField
          form={form}
          name="gasds"
          label={t('donations.fields.gasds')}
          hint={t('donations.gasds_hint', { limit: gasdsRuleOn(values.date).limit })}
        />
      )}
      <TextField
        form={form}
        name="notes"
        label={t('donations.fields.notes')}
        multiline
        maxLength={5000}
      />
      <div className="form-actions">
        <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        <SubmitButton processing={form.processing}>{props.submitLabel}</SubmitButton>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('funds.rebalance.title')}
          confirmLabel={t('funds.rebalance.confirm')}
          onConfirm={() => {
            setConfirming(false);
            void save(true);
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {t('funds.rebalance.body', {
              before: formatMoney(moneyInput(initial.amount)),
              after: formatMoney(moneyInput(values.amount)),
            })}
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
