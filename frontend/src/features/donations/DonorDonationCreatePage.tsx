import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { donorKeys, donorsApi } from '@/features/donors/api';
import { donationsApi } from './api';
import { DonationForm, emptyDonation } from './DonationForm';

/** `/donors/{id}/donations/create`: a donation of this donor; back to the donor afterwards. */
export default function DonorDonationCreatePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: donor } = useQuery({
    queryKey: donorKeys.one(id),
    queryFn: () => donorsApi.show(id),
  });
  return (
    <section>
      <PageHeader title={t(routeTitleKey('donors.donations.create'))} />
      {!donor ? (
        <Spinner />
      ) : (
        <DonationForm
          initial={emptyDonation({ id: donor.id, name: donor.name })}
          lockDonor
          submitLabel={t('donations.create')}
          onSubmit={donationsApi.create}
          onSaved={() => {
            showToast({
              type: 'success',
              title: t('common.success'),
              message: t('donations.saved'),
            });
            void client.invalidateQueries({ queryKey: ['table'] });
            void client.invalidateQueries({ queryKey: donorKeys.one(id) });
            navigate(pathFor('donors.show', { id }));
          }}
          onCancel={() => navigate(pathFor('donors.show', { id }))}
        />
      )}
    </section>
  );
}
