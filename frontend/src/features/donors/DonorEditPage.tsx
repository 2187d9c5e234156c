import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { pathFor, routeTitleKey } from '@/config/paths';
import { donorKeys, donorsApi } from './api';
import { announceSaved } from './DonorCreatePage';
import { DonorForm, formValuesOf } from './DonorForm';

export default function DonorEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const {
    data: donor,
    refetch,
    dataUpdatedAt,
  } = useQuery({
    queryKey: donorKeys.one(id),
    queryFn: () => donorsApi.show(id),
    staleTime: 0,
  });
  return (
    <section>
      <PageHeader title={t(routeTitleKey('donors.edit'))} />
      {!donor ? (
        <Spinner />
      ) : (
        <DonorForm
          // A reload after a stale edit starts the form again from the fresh donor.
          key={`${donor.version}-${dataUpdatedAt}`}
          initial={formValuesOf(donor)}
          warnings={donor.warnings}
          submitLabel={t('common.save')}
          onSubmit={(input) => donorsApi.update(id, { ...input, version: donor.version })}
          onSaved={(saved) => {
            announceSaved(saved, t);
            client.setQueryData(donorKeys.one(id), saved);
            void client.invalidateQueries({ queryKey: ['table', 'donors'] });
            navigate(pathFor('donors.show', { id }));
          }}
          onCancel={() => navigate(pathFor('donors.show', { id }))}
          onReload={() => void refetch()}
        />
      )}
    </section>
  );
}
