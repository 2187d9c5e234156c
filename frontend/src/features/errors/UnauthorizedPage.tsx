import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-testid="unauthorized">
      <p className="error-page__code">401</p>
      <h1>{t('errors.unauthorized_title')}</h1>
      <p>{t('errors.unauthorized_body')}</p>
      <Link className="button button--primary" to="/">
        {t('errors.go_home')}
      </Link>
    </section>
  );
}
