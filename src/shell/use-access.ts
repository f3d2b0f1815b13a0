/**
 * The access decision bound to the signed-in user, for lists of links (side navigation, palette,
 * dashboard Quick Actions). It is `decide` of providers/access-control.ts — the function behind
 * Refine's `useCan` — so a link and the page's guard always agree.
 */
import { useCallback } from 'react';
import type { CanParams } from '@refinedev/core';
import { decide } from '../../providers/access-control';
import { useAuth } from '../../providers/auth/auth-context';
import type { Role } from '../../contract/roles';
import type { PageModule } from '../lib/registry';
import { canOpen, type CanCheck } from '../lib/registry-derive';

export function canCheckFor(role: Role | null): CanCheck {
  return (params: CanParams) => decide(role, params).can;
}

export function useAccessCheck(): CanCheck {
  const role = useAuth().profile?.role ?? null;
  return useCallback((params: CanParams) => decide(role, params).can, [role]);
}

/** `(to) => may the user open this link`, over the given registry. */
export function useCanOpen(modules: readonly PageModule[]): (to: string) => boolean {
  const can = useAccessCheck();
  return useCallback((to: string) => canOpen(modules, can, to), [modules, can]);
}
