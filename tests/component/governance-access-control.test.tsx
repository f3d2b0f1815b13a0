// @vitest-environment jsdom
/**
 * The Access Control tab of /governance (docs/governance.md "Users and invitations"): the people
 * table asks the server for its page, sort, email search and filters; an administrator invites
 * with a role (each role with its Access Denied description), changes a role, deactivates after
 * confirming, resends and cancels invitations, and reads the server's refusal in words; the tab
 * says when it is empty or could not load; an agent sees the table without any button.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import { ROLE_DESCRIPTION } from '../../contract/roles';
import { USER_MESSAGES, type UserRow } from '../../contract/users';

let role: 'admin' | 'agent' = 'admin';
vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => ({ profile: { id: 'u1', email: 'admin@demo.local', tenantId: 't1', role } }) }));

const { default: AccessControlTab } = await import('../../resources/governance/access-control-tab');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const person = (over: Partial<UserRow>): UserRow => ({
  id: '00000000-0000-4000-8000-000000000009', email: 'someone@example.com', role: 'user', status: 'active', invited_by: 'admin@demo.local',
  invited_at: '2026-11-01T10:00:00Z', invite_sent_at: '2026-11-01T10:00:00Z', last_sign_in_at: null, created_at: '2026-11-01T10:00:00Z', ...over,
});
const me = person({ id: 'u1', email: 'admin@demo.local', role: 'admin', invited_by: null, last_sign_in_at: '2026-11-20T10:00:00Z' });
const seller = person({ id: '00000000-0000-4000-8000-000000000003', email: 'seller@demo.local', last_sign_in_at: '2026-11-19T10:00:00Z' });
const invited = person({ id: '00000000-0000-4000-8000-000000000004', email: 'new@example.com', role: 'agent', status: 'invited' });

function api(rows: UserRow[] = [me, seller, invited], extra: ((c: Call) => { status?: number; body?: unknown } | undefined)[] = []) {
  return fakeApi([
    ...extra,
    (c) => (c.method === 'GET' && c.path === '/governance/users'
      ? { body: listOf(c.query.get('status') === 'invited' ? rows.filter((r) => r.status === 'invited') : rows) }
      : undefined),
    (c) => (c.method !== 'GET' ? { body: { data: seller, _meta: {} } } : undefined),
  ]);
}

const open = (path = '/governance') => renderConsole({ path, route: '/governance', page: <AccessControlTab />, role });

describe('Access Control, as an administrator', () => {
  pageTestHooks('admin');

  it('reads the people page by page from the server, with search and filters in the request', async () => {
    role = 'admin';
    const f = api();
    open('/governance?search=seller&role=user');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('seller@demo.local')).toBeInTheDocument();
    const q = f.of('GET', '/governance/users').find((c) => c.query.get('status') !== 'invited')!.query;
    expect(q.get('search')).toBe('seller');
    expect(q.get('role')).toBe('user');
    expect(q.get('limit')).toBeTruthy();
    // the pending invitation is listed above the table, with its actions
    expect(await screen.findByText('Pending invitations (1)')).toBeInTheDocument();
  });

  it('invites by email with a role, each role described as on the Access Denied screen', async () => {
    role = 'admin';
    const f = api();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    for (const d of Object.values(ROLE_DESCRIPTION)) expect(within(dialog).getByText(d)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'fresh@example.com' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Agent/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(f.of('POST', '/governance/users/invitations')).toHaveLength(1));
    expect(f.of('POST', '/governance/users/invitations')[0].body).toEqual({ email: 'fresh@example.com', role: 'agent' });
  });

  it('changes a role, and shows the server\'s refusal in words', async () => {
    role = 'admin';
    const f = api(undefined, [(c) => (c.method === 'PUT' ? { status: 409, body: { message: USER_MESSAGES.lastAdmin, code: 'conflict' } } : undefined)]);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Change role of seller@demo.local' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of seller@demo.local' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Administrator/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(f.of('PUT', `/governance/users/${seller.id}/role`)).toHaveLength(1));
    expect(f.of('PUT', `/governance/users/${seller.id}/role`)[0].body).toEqual({ role: 'admin' });
    expect(await screen.findByText(USER_MESSAGES.lastAdmin)).toBeInTheDocument();
  });

  it('deactivates only after confirming, never offers it on your own row, and resends or cancels invitations', async () => {
    role = 'admin';
    const f = api();
    open();
    await screen.findByRole('button', { name: 'Change role of seller@demo.local' });
    expect(screen.queryByRole('button', { name: 'Deactivate admin@demo.local' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate seller@demo.local' }));
    expect(f.of('POST', /deactivate$/)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(f.of('POST', `/governance/users/${seller.id}/deactivate`)).toHaveLength(1));

    fireEvent.click(screen.getAllByRole('button', { name: 'Resend invitation to new@example.com' })[0]);
    await waitFor(() => expect(f.of('POST', `/governance/users/invitations/${invited.id}/resend`)).toHaveLength(1));
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel invitation to new@example.com' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() => expect(f.of('DELETE', `/governance/users/invitations/${invited.id}`)).toHaveLength(1));
  });

  it('says when nobody matches, and when the list could not load', async () => {
    role = 'admin';
    api([]);
    const { unmount } = open('/governance?status=deactivated');
    expect(await screen.findByText('No people match these filters')).toBeInTheDocument();
    unmount();
    fakeApi([(c) => (c.path === '/governance/users' ? { status: 403, body: { message: 'You do not have permission to perform this action', code: 'forbidden' } } : undefined)]);
    open();
    expect(await screen.findByText(/Could not load people/)).toBeInTheDocument();
  });
});

describe('Access Control, as an agent', () => {
  pageTestHooks('agent');

  it('shows no button to invite or change anyone', async () => {
    role = 'agent';
    api();
    open();
    expect(await screen.findByText('seller@demo.local')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change role/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });
});
