import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Spinner } from '@/components/Spinner';
import { pathFor, routeTitleKey } from '@/config/paths';
import { useEditedRecord } from '@/lib/useEditedRecord';
import { donorKeys, donorsApi } from './api';
import { announceSaved } from './DonorCreatePage';
import { DonorForm, formValuesOf } from './DonorForm';

export default function DonorEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const {
    record: donor,
    formKey,
    reload,
  } = useEditedRecord(donorKeys.one(id), () => donorsApi.show(id));
  return (
    <section>
      <PageHeader title={t(routeTitleKey('donors.edit'))} />
      {!donor ? (
        <Spinner />
      ) : (
        <DonorForm
          key={formKey}
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
          onReload={() => void reload()}
        />
      )}
    </section>
  );
}
