import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useEditedRecord } from '@/lib/useEditedRecord';
import { donationKeys, donationsApi } from './api';
import { DonationForm, donationValuesOf } from './DonationForm';

export default function DonationEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const {
    record: donation,
    formKey,
    reload,
  } = useEditedRecord(donationKeys.one(id), () => donationsApi.show(id));
  return (
    <section>
      <PageHeader title={t(routeTitleKey('donations.edit'))} />
      {donation &&
        (donation.gift_aid?.state === 'in_claim' || donation.gift_aid?.state === 'claimed') && (
          <p className="notice" role="note" data-testid="donation-held-by-claim">
            {t(
              donation.gift_aid.state === 'claimed'
                ? 'giftaid.donation.held_claimed'
                : 'giftaid.donation.held_in_claim',
            )}
          </p>
        )}
      {!donation ? (
        <Spinner />
      ) : (
        <DonationForm
          key={formKey}
          initial={donationValuesOf(donation)}
          submitLabel={t('common.save')}
          onSubmit={(input) => donationsApi.update(id, { ...input, version: donation.version })}
          onSaved={(saved) => {
            showToast({
              type: 'success',
              title: t('common.success'),
              message: t('donations.saved'),
            });
            client.setQueryData(donationKeys.one(id), saved);
            void client.invalidateQueries({ queryKey: ['table'] });
            void client.invalidateQueries({ queryKey: ['donors'] });
            navigate(pathFor('donations.show', { id }));
          }}
          onCancel={() => navigate(pathFor('donations.show', { id }))}
          onReload={() => void reload()}
        />
      )}
    </section>
  );
}
