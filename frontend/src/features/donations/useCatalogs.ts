import { useQuery } from '@tanstack/react-query';
import { useUser } from '@/lib/auth-store';
import { can } from '@/lib/permissions';
import { catalogApi, donationKeys, type CatalogItem } from './api';

/** Donation types and locations for selects and labels (both need manage-donation-types). */
export function useCatalogs() {
  const user = useUser();
  const enabled = can(user, 'manage-donation-types');
  const types = useQuery({
    queryKey: donationKeys.catalog('donation-types'),
    queryFn: () => catalogApi.list('donation-types'),
    enabled,
  });
  const locations = useQuery({
    queryKey: donationKeys.catalog('locations'),
    queryFn: () => catalogApi.list('locations'),
    enabled,
  });
  const typeList: CatalogItem[] = types.data?.data ?? [];
  const locationList: CatalogItem[] = locations.data?.data ?? [];
  const nameOf = (items: CatalogItem[]) => (id: string | null) =>
    id ? (items.find((item) => item.id === id)?.name ?? '') : '';
  return {
    types: typeList,
    locations: locationList,
    typeName: nameOf(typeList),
    locationName: nameOf(locationList),
  };
}
