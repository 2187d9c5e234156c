import type { User } from './types';

/**
 * Spec §6: no requirement passes; an array requires all; a comma string requires any.
 */
export function can(user: User | null, requirement?: string | string[] | null): boolean {
  if (requirement === undefined || requirement === null || requirement === '') return true;
  if (!user) return false;
  const granted = new Set(user.permissions ?? []);
  if (Array.isArray(requirement)) return requirement.every((name) => granted.has(name));
  return requirement
    .split(',')
    .map((name) => name.trim())
    .some((name) => granted.has(name));
}

export function hasRole(user: User | null, role: string): boolean {
  if (!user) return false;
  return user.role === role || (user.roles ?? []).includes(role);
}

/** Platform administrators: the admin or super-admin role, or the is_admin flag. */
export function isAdmin(user: User | null): boolean {
  if (!user) return false;
  return Boolean(user.is_admin) || hasRole(user, 'admin') || hasRole(user, 'super-admin');
}

/** A user who belongs to a charity (platform administrators do not). */
export function isCharityUser(user: User | null): boolean {
  return !!user?.tenant && !isAdmin(user);
}
