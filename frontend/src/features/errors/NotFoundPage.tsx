import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { PageHeader } from '@/components/PageHeader';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-testid="not-found">
      <p className="error-page__code">404</p>
      <PageHeader title={t('errors.not_found_title')} centred />
      <p>{t('errors.not_found_body')}</p>
      <ButtonLink variant="primary" to="/">
        {t('errors.go_home')}
      </ButtonLink>
    </section>
  );
}
