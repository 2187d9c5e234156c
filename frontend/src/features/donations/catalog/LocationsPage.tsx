import { CatalogPage } from './CatalogPage';

export default function LocationsPage() {
  return <CatalogPage kind="locations" routeName="locations" />;
}
