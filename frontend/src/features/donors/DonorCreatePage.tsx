import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { showToast } from '@/components/toasts/store';
import { pathFor, routeTitleKey } from '@/config/paths';
import { donorKeys, donorsApi, type Donor } from './api';
import { DonorForm, emptyDonor } from './DonorForm';

/** Toasts after a save; HMRC warnings are named so nobody is surprised at claim time. */
export function announceSaved(donor: Donor, t: (key: string) => string) {
  showToast({ type: 'success', title: t('common.success'), message: t('donors.saved') });
  if (Object.keys(donor.warnings ?? {}).length > 0) {
    showToast({
      type: 'info',
      title: t('donors.warnings_title'),
      message: t('donors.saved_with_warnings'),
    });
  }
}

export default function DonorCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <section>
      <PageHeader title={t(routeTitleKey('donors.create'))} />
      <DonorForm
        initial={emptyDonor()}
        submitLabel={t('donors.create')}
        onSubmit={donorsApi.create}
        onSaved={(donor) => {
          announceSaved(donor, t);
          void client.invalidateQueries({ queryKey: ['table', 'donors'] });
          client.setQueryData(donorKeys.one(donor.id), donor);
          navigate(pathFor('donors.show', { id: donor.id }));
        }}
        onCancel={() => navigate(pathFor('donors'))}
      />
    </section>
  );
}
