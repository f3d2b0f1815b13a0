/**
 * The Access Control tab's commands (docs/governance.md "Users and invitations"): each sends one
 * request, says what happened in words (or the server's plain refusal, e.g. the last administrator)
 * and refreshes the people lists.
 */
import { useState } from 'react';
import { useInvalidate, useNotification } from '@refinedev/core';
import type { Role } from '../../contract/roles';
import type { UserRow } from '../../contract/users';
import { finalMessage } from '../../providers/api';
import { useCommand } from '../shared/use-command';

/** The resource of the people lists (GET /governance/users). */
export const USERS_RESOURCE = 'users';
export const USERS_META = { path: '/governance/users' } as const;

/** Who may manage people: the platform's `users` resource, action `manage` (permission manage:users). */
export const MANAGE_USERS = { resource: USERS_RESOURCE, action: 'manage' } as const;

/** What a command answers: undefined when done, else the reason it was refused, in words. */
export type RunCommand = (c: UserCommand) => Promise<string | undefined>;

export type UserCommand =
  | { kind: 'invite'; email: string; role: Role }
  | { kind: 'role'; user: UserRow; role: Role }
  | { kind: 'deactivate' | 'reactivate' | 'resend' | 'cancel'; user: UserRow };

function request(c: UserCommand): [path: string, body: object, method: 'post' | 'put' | 'delete'] {
  switch (c.kind) {
    case 'invite': return ['/governance/users/invitations', { email: c.email, role: c.role }, 'post'];
    case 'role': return [`/governance/users/${c.user.id}/role`, { role: c.role }, 'put'];
    case 'resend': return [`/governance/users/invitations/${c.user.id}/resend`, {}, 'post'];
    case 'cancel': return [`/governance/users/invitations/${c.user.id}`, {}, 'delete'];
    default: return [`/governance/users/${c.user.id}/${c.kind}`, {}, 'post'];
  }
}

function done(c: UserCommand): string {
  switch (c.kind) {
    case 'invite': return `Invitation sent to ${c.email}`;
    case 'role': return `${c.user.email} is now ${c.role === 'admin' ? 'an Administrator' : c.role === 'agent' ? 'an Agent' : 'a User'}`;
    case 'resend': return `Invitation sent again to ${c.user.email}`;
    case 'cancel': return `Invitation to ${c.user.email} cancelled`;
    case 'deactivate': return `${c.user.email} is deactivated and signed out`;
    case 'reactivate': return `${c.user.email} can sign in again`;
  }
}

const FAILED: Record<UserCommand['kind'], string> = {
  invite: 'Could not send the invitation',
  role: 'Could not change the role',
  resend: 'Could not resend the invitation',
  cancel: 'Could not cancel the invitation',
  deactivate: 'Could not deactivate',
  reactivate: 'Could not reactivate',
};

/** `run` answers undefined when the command went through, else the reason in words; `busy` names the record (or "invite") in flight. */
export function useUserCommands() {
  const send = useCommand();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (c: UserCommand): Promise<string | undefined> => {
    setBusy(c.kind === 'invite' ? 'invite' : c.user.id);
    try {
      const [path, body, method] = request(c);
      await send(path, body, method);
      open?.({ type: 'success', message: done(c) });
      await invalidate({ resource: USERS_RESOURCE, invalidates: ['list'] });
      return undefined;
    } catch (e) {
      const why = finalMessage(e);
      open?.({ type: 'error', message: FAILED[c.kind], description: why });
      return why;
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
