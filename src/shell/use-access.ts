/**
 * The access decision bound to the signed-in user, for lists of links (side navigation, palette,
 * dashboard Quick Actions, the slot pages). It is `decide` of providers/access-control.ts over the
 * registry's modules — the function behind Refine's `useCan` — so a link and the page's guard always agree.
 */
import { useCallback } from 'react';
import type { CanParams } from '@refinedev/core';
import type { AccessControl } from '../../providers/access-control';
import { useAuth } from '../../providers/auth/auth-context';
import type { Role } from '../../contract/roles';
import { useRegistry } from '../lib/registry-context';
import { canOpen, type CanCheck } from '../lib/registry-derive';

export function canCheckFor(access: Pick<AccessControl, 'decide'>, role: Role | null): CanCheck {
  return (params: CanParams) => access.decide(role, params).can;
}

export function useAccessCheck(): CanCheck {
  const role = useAuth().profile?.role ?? null;
  const { access } = useRegistry();
  return useCallback((params: CanParams) => access.decide(role, params).can, [access, role]);
}

/** `(to) => may the user open this link`, over the registry's pages. */
export function useCanOpen(): (to: string) => boolean {
  const can = useAccessCheck();
  const { modules } = useRegistry();
  return useCallback((to: string) => canOpen(modules, can, to), [modules, can]);
}
