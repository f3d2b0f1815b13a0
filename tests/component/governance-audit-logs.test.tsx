// @vitest-environment jsdom
/**
 * The Audit Logs tab of /governance (docs/governance.md "Audit log", "Exports"): the table reads
 * the server's keyset pages ("Load more" sends the cursor), the filters go to the server, an entry
 * opens in a drawer with its diff, "Export" makes a CSV of the filtered view and shows its progress
 * and the download; empty and error states say so in words.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { AuditEntry } from '../../contract/audit';
import type { Export } from '../../contract/exports';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => ({ profile: { id: 'u1', email: 'admin@demo.local', tenantId: 't1', role: 'admin' } }) }));

const { default: AuditLogsTab } = await import('../../resources/governance/audit-logs-tab');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id, actor_id: null, actor_email: 'seller@demo.local', action: 'product.update', resource: 'product', resource_id: `p-${id}`,
  before: { title: 'Lamp' }, after: { title: 'Lamp v2' }, diff: [{ path: 'title', before: 'Lamp', after: 'Lamp v2' }],
  correlation_id: `cid-${id}`, created_at: new Date(Date.now() - id * 60_000).toISOString(), ...over,
});
const page = (rows: AuditEntry[], total: number, next: string | null) => ({ ...listOf(rows, total), pagination: { total, limit: 50, offset: 0, next_cursor: next } });

const job = (over: Partial<Export>): Export => ({
  id: 'e1', kind: 'audit', format: 'csv', status: 'queued', progress: 0, rows: 0, bytes: null, download_url: null, expires_at: null, error: null,
  created_at: new Date().toISOString(), created_by: 'admin@demo.local', ...over,
});

function api(extra: ((c: Call) => { status?: number; body?: unknown } | undefined)[] = []) {
  return fakeApi([
    ...extra,
    (c) => {
      if (c.method !== 'GET' || c.path !== '/audit') return undefined;
      if (c.query.get('correlation_id') === 'nothing') return { body: page([], 0, null) };
      if (c.query.get('correlation_id')) return { body: page([entry(7, { correlation_id: c.query.get('correlation_id') })], 1, null) };
      return c.query.get('cursor') === 'next-1' ? { body: page([entry(3), entry(4)], 4, null) } : { body: page([entry(1), entry(2)], 4, 'next-1') };
    },
  ]);
}

const open = () => renderConsole({ path: '/governance?tab=audit', route: '/governance', page: <AuditLogsTab />, role: 'admin' });

describe('Audit Logs tab', () => {
  pageTestHooks('admin');

  it('reads keyset pages: "Load more" sends the cursor and appends the next page', async () => {
    const f = api();
    open();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('p-1')).toBeInTheDocument();
    expect(screen.getByText('2 of 4 entries')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('p-4')).toBeInTheDocument();
    expect(screen.getByText('4 of 4 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(f.of('GET', '/audit').map((c) => c.query.get('cursor'))).toEqual([null, 'next-1']);
  });

  it('sends the filters to the server, and says when nothing matches', async () => {
    const f = api();
    open();
    await screen.findByText('p-1');
    fireEvent.change(screen.getByLabelText('Correlation ID'), { target: { value: 'cid-abc' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'product.update' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('p-7')).toBeInTheDocument();
    const q = f.of('GET', '/audit').at(-1)!.query;
    expect(q.get('correlation_id')).toBe('cid-abc');
    expect(q.get('action')).toBe('product.update');
    fireEvent.change(screen.getByLabelText('Correlation ID'), { target: { value: 'nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('p-1')).toBeInTheDocument();
  });

  it('opens an entry in a drawer with its diff, before and after', async () => {
    api();
    open();
    await screen.findByText('p-1');
    fireEvent.click(screen.getAllByRole('button', { name: 'product.update' })[0]);
    const drawer = await screen.findByRole('dialog');
    const changes = await within(drawer).findByRole('table', { name: 'Changes' });
    expect(within(changes).getByText('title')).toBeInTheDocument();
    expect(within(changes).getByText('Lamp v2')).toBeInTheDocument();
    expect(within(drawer).getByText('cid-1')).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'Before' })).toBeInTheDocument();
    expect(within(drawer).getByRole('group', { name: 'After' })).toBeInTheDocument();
  });

  it('exports the filtered view as CSV with progress and the download link', async () => {
    let polls = 0;
    const f = api([
      (c) => (c.method === 'POST' && c.path === '/governance/exports' ? { status: 202, body: { data: job({}), _meta: {} } } : undefined),
      (c) => {
        if (c.method !== 'GET' || c.path !== '/governance/exports/e1') return undefined;
        polls++;
        return { body: { data: polls < 2 ? job({ status: 'running', progress: 40, rows: 2 }) : job({ status: 'done', progress: 100, rows: 4, bytes: 900, download_url: '/api/governance/exports/e1/download', expires_at: new Date(Date.now() + 86_400_000).toISOString() }), _meta: {} } };
      },
    ]);
    open();
    await screen.findByText('p-1');
    fireEvent.change(screen.getByLabelText('Resource ID'), { target: { value: 'p-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('CSV'));
    expect(await screen.findByText(/Exporting the filtered entries as CSV/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Download CSV/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/Export ready: 4 entries/)).toBeInTheDocument();
    await waitFor(() => expect(f.of('POST', '/governance/exports')).toHaveLength(1));
    expect(f.of('POST', '/governance/exports')[0].body).toEqual({ kind: 'audit', format: 'csv', filters: { resource_id: 'p-1' } });
  });

  it('shows the API error with Retry', async () => {
    let failing = true;
    fakeApi([(c) => (c.path === '/audit' ? (failing ? { status: 500, body: { code: 'internal', message: 'boom' } } : { body: page([entry(1)], 1, null) }) : undefined)]);
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the audit log');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('p-1')).toBeInTheDocument();
  });

  it('says when nothing was recorded yet', async () => {
    fakeApi([(c) => (c.path === '/audit' ? { body: page([], 0, null) } : undefined)]);
    open();
    expect(await screen.findByText('No changes recorded yet')).toBeInTheDocument();
  });
});
