import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { PageHeader } from '@/components/PageHeader';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-testid="unauthorized">
      <p className="error-page__code">401</p>
      <PageHeader title={t('errors.unauthorized_title')} centred />
      <p>{t('errors.unauthorized_body')}</p>
      <ButtonLink variant="primary" to="/">
        {t('errors.go_home')}
      </ButtonLink>
    </section>
  );
}
