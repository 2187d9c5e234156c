import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/Button';
import { pathFor, routeTitleKey } from '@/config/paths';
import { CatalogPage } from './CatalogPage';

export default function DonationTypesPage() {
  const { t } = useTranslation();
  return (
    <CatalogPage
      kind="donation-types"
      routeName="donation-types"
      extra={<ButtonLink to={pathFor('locations')}>{t(routeTitleKey('locations'))}</ButtonLink>}
    />
  );
}
