/**
 * The signed-in user's profile (tenant and role), read once per session from /rest/v1/profiles.
 * The API client takes the tenant from here (X-Tenant-Id); the shell sets it after sign-in.
 */
import type { Role } from '../../contract/roles';

export interface Profile { id: string; email: string; tenantId: string; role: Role }

let current: Profile | null = null;
const listeners = new Set<(p: Profile | null) => void>();

export function getProfile(): Profile | null {
  return current;
}

export function setProfile(p: Profile | null): void {
  current = p;
  for (const l of listeners) l(p);
}

export function onProfileChange(l: (p: Profile | null) => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
