import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField, useForm } from '@/components/forms';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { donorsApi } from '@/features/donors/api';
import { emptyDonor, type DonorFormValues } from '@/features/donors/DonorForm';
import { DonorLookup, type DonorChoice } from '@/features/donors/DonorLookup';
import { parseTags, toPayload, validateDonor } from '@/features/donors/validation';
import { ApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth-store';
import { can } from '@/lib/permissions';
import { donationKeys, donationsApi, type DonationInput } from './api';
import { DonationForm, emptyDonation } from './DonationForm';

type DonorMode = 'existing' | 'new';

/**
 * `/donations/create` ("Add donation" on the Donations list): the donor is looked up, left empty
 * (anonymous) or created here. A new donor is saved first; if the donation is then refused, the
 * form stays as typed and the donor just created becomes the chosen one (no second copy on retry).
 */
export default function DonationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useUser();
  const canAddDonor = can(user, ['manage-donors']);
  const [mode, setMode] = useState<DonorMode>('existing');
  const [donor, setDonor] = useState<DonorChoice | null>(null);
  const donorForm = useForm<DonorFormValues>(emptyDonor());
  const modeName = useId();

  const resolveDonor = async (): Promise<string | null> => {
    if (mode === 'existing') return donor?.id ?? null;
    const created = await donorForm.submit(async (values) => {
      const input = toPayload({ ...values, tags: parseTags(values.tags) });
      const problems = validateDonor(input);
      if (Object.keys(problems).length > 0) {
        const errors = Object.fromEntries(
          Object.entries(problems).map(([field, keys]) => [field, keys.map((key) => t(key))]),
        );
        throw new ApiError(422, { message: t('donors.validation.check'), errors });
      }
      return donorsApi.create(input);
    });
    if (!created) {
      throw new ApiError(422, { message: t('donations.add.new_donor_check') });
    }
    // From here on the donation goes to this donor, whatever happens to the donation.
    setDonor({ id: created.id, name: created.name });
    setMode('existing');
    donorForm.reset();
    void client.invalidateQueries({ queryKey: ['table'] });
    showToast({
      type: 'success',
      title: t('common.success'),
      message: t('donations.add.donor_created', { name: created.name }),
    });
    return created.id;
  };

  const submit = async (input: DonationInput) => {
    const donorId = await resolveDonor();
    return donationsApi.create({ ...input, donor_id: donorId });
  };

  const donorField = (
    <fieldset className="donor-choice" data-testid="donor-choice">
      <legend>{t('donations.fields.donor')}</legend>
      {canAddDonor && (
        <div className="radio-row" role="radiogroup">
          <label>
            <input
              type="radio"
              name={modeName}
              checked={mode === 'existing'}
              onChange={() => setMode('existing')}
            />{' '}
            {t('donations.add.existing_donor')}
          </label>
          <label>
            <input
              type="radio"
              name={modeName}
              checked={mode === 'new'}
              onChange={() => setMode('new')}
            />{' '}
            {t('donations.add.new_donor')}
          </label>
        </div>
      )}
      {mode === 'existing' ? (
        <DonorLookup
          label={t('donations.add.find_donor')}
          value={donor}
          onChange={setDonor}
          placeholder={t('donations.anonymous_hint')}
        />
      ) : (
        <div className="grid-2" data-testid="new-donor-fields">
          <TextField form={donorForm} name="first_name" label={t('donors.fields.first_name')} />
          <TextField form={donorForm} name="last_name" label={t('donors.fields.last_name')} />
          <TextField form={donorForm} name="email" type="email" label={t('donors.fields.email')} />
          <TextField form={donorForm} name="house" label={t('donors.fields.house')} />
          <TextField
            form={donorForm}
            name="address_line1"
            label={t('donors.fields.address_line1')}
          />
          <TextField form={donorForm} name="town" label={t('donors.fields.town')} />
          <TextField form={donorForm} name="postcode" label={t('donors.fields.postcode')} />
        </div>
      )}
    </fieldset>
  );

  return (
    <section>
      <PageHeader title={t(routeTitleKey('donations.create'))} />
      <DonationForm
        initial={emptyDonation()}
        donorField={donorField}
        submitLabel={t('donations.create')}
        onSubmit={submit}
        onSaved={(saved) => {
          showToast({ type: 'success', title: t('common.success'), message: t('donations.saved') });
          void client.invalidateQueries({ queryKey: ['table'] });
          void client.invalidateQueries({ queryKey: donationKeys.all });
          navigate(pathFor('donations.show', { id: saved.id }));
        }}
        onCancel={() => navigate(pathFor('donations'))}
      />
    </section>
  );
}
