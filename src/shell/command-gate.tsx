/**
 * A page's command button, shown only to users who may run it — the button asks Refine's access
 * control (`useCan`, providers/access-control.ts) with the resource and action its
 * module declares (`commands` in resources/<domain>/index.ts), so a role never sees a button whose
 * request the server would refuse (docs/product/routes-and-roles.md).
 */
import type { ReactNode } from 'react';
import { useCan, useCanWithoutCache, type CanParams } from '@refinedev/core';
import type { PageCommand } from '../lib/registry';

export function commandParams(command: PageCommand): CanParams {
  return { resource: command.resource, action: command.action };
}

/**
 * True once the user may run the command. As with Refine's own buttons, a tree without an access
 * control provider allows everything (the console always has one: providers/access-control.ts).
 * No command (a button a page does not declare): false, and nothing is asked.
 */
export function useCommandAllowed(command: PageCommand | undefined): boolean {
  const { can } = useCanWithoutCache();
  const answer = useCan({ ...(command ? commandParams(command) : { action: 'list' }), queryOptions: { enabled: command !== undefined } });
  return command !== undefined && (can === undefined || answer.data?.can === true);
}

export function CommandGate({ command, children, fallback = null }: { command: PageCommand; children: ReactNode; fallback?: ReactNode }) {
  return <>{useCommandAllowed(command) ? children : fallback}</>;
}
