import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor, routeTitleKey } from '@/config/paths';
import { CatalogPage } from './CatalogPage';

export default function DonationTypesPage() {
  const { t } = useTranslation();
  return (
    <CatalogPage
      kind="donation-types"
      routeName="donation-types"
      extra={
        <Link className="button" to={pathFor('locations')}>
          {t(routeTitleKey('locations'))}
        </Link>
      }
    />
  );
}
