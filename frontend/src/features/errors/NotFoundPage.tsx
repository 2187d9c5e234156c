import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-testid="not-found">
      <p className="error-page__code">404</p>
      <h1>{t('errors.not_found_title')}</h1>
      <p>{t('errors.not_found_body')}</p>
      <Link className="button button--primary" to="/">
        {t('errors.go_home')}
      </Link>
    </section>
  );
}
