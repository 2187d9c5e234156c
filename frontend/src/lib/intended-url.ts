import { COOKIES } from '@/config/constants';
import { paths } from '@/config/paths';
import { getCookie, removeCookie } from './cookies';

/** Where to go after signing in: the stored intended path (then forgotten) or home. */
export function takeIntendedUrl(): string {
  const intended = getCookie(COOKIES.intendedUrl);
  removeCookie(COOKIES.intendedUrl);
  if (intended && intended.startsWith('/') && !intended.startsWith('//')) return intended;
  return paths.home;
}
