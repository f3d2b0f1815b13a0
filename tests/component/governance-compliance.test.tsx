// @vitest-environment jsdom
/**
 * The Compliance tab of /governance (docs/governance.md "Compliance"), against a mocked API:
 * "Export all data" as JSON Lines or CSV starts a tenant export, shows its progress and then the
 * download link with its expiry, and the recent exports are listed; a customer is looked up by email,
 * and erasing needs their email typed again (the button stays off until it matches) after a warning
 * that it cannot be undone; the retention form shows the server's messages under their fields.
 */
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';
import type { Export } from '../../contract/exports';
import type { CustomerSummary, RetentionSettings } from '../../contract/compliance';

vi.mock('../../providers/supabase', () => ({ supabase: { auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }), refreshSession: vi.fn() } } }));
vi.mock('../../providers/auth/auth-context', () => ({ useAuth: () => ({ profile: { id: 'u1', email: 'admin@demo.local', tenantId: 't1', role: 'admin' } }) }));

const { default: ComplianceTab } = await import('../../resources/governance/compliance-tab');

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });

const EXPIRES = '2030-01-02T10:00:00.000Z';
const job = (over: Partial<Export>): Export => ({
  id: 'x1', kind: 'tenant', format: 'jsonl', status: 'queued', progress: 0, rows: 0, bytes: null, download_url: null, expires_at: null, error: null,
  created_at: '2030-01-01T10:00:00.000Z', created_by: 'admin@demo.local', ...over,
});
const RETENTION: RetentionSettings = { mailbox_days: 30, idempotency_days: 7, resolved_alerts_days: 90, event_log_days: 90, expired_exports_days: 7, updated_at: null };
const summary = (over: Partial<CustomerSummary> = {}): CustomerSummary => ({
  email: 'jane@example.com', found: true, names: ['Jane Roe'],
  counts: { orders: 3, order_items: 4, returns: 1, shipments: 2, purchase_orders: 3, ledger_entries: 9, events: 12, audit_entries: 5 },
  first_order_at: '2029-05-01T00:00:00.000Z', last_order_at: '2029-12-01T00:00:00.000Z', ...over,
});
const one = (data: unknown) => ({ body: { data, _meta: {} } });

function api(extra: ((c: Call) => { status?: number; body?: unknown } | undefined)[] = [], recent: Export[] = []) {
  return fakeApi([
    ...extra,
    (c) => (c.method === 'GET' && c.path === '/governance/exports' ? { body: listOf(recent) } : undefined),
    (c) => (c.method === 'GET' && c.path === '/governance/retention' ? one(RETENTION) : undefined),
  ]);
}

const open = () => renderConsole({ path: '/governance?tab=compliance', route: '/governance', page: <ComplianceTab />, role: 'admin' });

describe('Compliance tab', () => {
  pageTestHooks('admin');

  it('exports all data as CSV: progress, then the download link with its expiry; recent exports listed', async () => {
    let polls = 0;
    const f = api(
      [
        (c) => (c.method === 'POST' && c.path === '/governance/exports' ? { status: 202, body: { data: job({ format: 'csv' }), _meta: {} } } : undefined),
        (c) => {
          if (c.method !== 'GET' || c.path !== '/governance/exports/x1') return undefined;
          polls++;
          return one(polls < 2
            ? job({ format: 'csv', status: 'running', progress: 40, rows: 200 })
            : job({ format: 'csv', status: 'done', progress: 100, rows: 1234, bytes: 2048, download_url: '/api/governance/exports/x1/download', expires_at: EXPIRES }));
        },
      ],
      [job({ id: 'old', status: 'expired', format: 'jsonl' })],
    );
    open();
    const list = await screen.findByRole('table', { name: 'Recent exports' });
    expect(await within(list).findByText('Expired')).toBeInTheDocument();
    expect(f.of('GET', '/governance/exports')[0].query.get('kind')).toBe('tenant');

    await waitFor(() => expect(screen.getByRole('button', { name: /Export all data/ })).toBeEnabled());
    fireEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    fireEvent.click(screen.getByRole('button', { name: /Export all data/ }));
    expect(await screen.findByText(/Exporting all data as CSV/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    const link = await screen.findByRole('button', { name: /Download CSV/ }, { timeout: 10_000 });
    expect(link).toBeInTheDocument();
    expect(screen.getByText(/Export ready: 1,234 records, 2 KB\. Available until Jan 2, 2030/)).toBeInTheDocument();
    expect(f.of('POST', '/governance/exports').map((c) => c.body)).toEqual([{ kind: 'tenant', format: 'csv' }]);
    // the list is read again once the export has ended
    await waitFor(() => expect(f.of('GET', '/governance/exports').length).toBeGreaterThanOrEqual(3));
  });

  it('says when the export failed, and when the server refuses to start one', async () => {
    let posts = 0;
    api([
      (c) => {
        if (c.method !== 'POST' || c.path !== '/governance/exports') return undefined;
        posts++;
        return posts === 1 ? { status: 202, body: { data: job({}), _meta: {} } } : { status: 409, body: { message: 'An export of all data is already running', code: 'conflict' } };
      },
      (c) => (c.method === 'GET' && c.path === '/governance/exports/x1' ? one(job({ status: 'failed', error: 'The object store is full' })) : undefined),
    ]);
    open();
    const start = await screen.findByRole('button', { name: /Export all data/ });
    await waitFor(() => expect(start).toBeEnabled());
    fireEvent.click(start);
    expect(await screen.findByText('The export failed')).toBeInTheDocument();
    expect(screen.getByText('The object store is full')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Export all data/ }));
    expect(await screen.findByText('An export of all data is already running')).toBeInTheDocument();
  });

  it('looks a customer up and erases them only once their email is typed again', async () => {
    let erased = false;
    const f = api([
      (c) => (c.method === 'GET' && c.path === '/governance/customers'
        ? one(erased ? summary({ found: false, names: [], counts: { ...summary().counts, orders: 0 } }) : summary()) : undefined),
      (c) => {
        if (c.method !== 'POST' || c.path !== '/governance/customers/erase') return undefined;
        const b = c.body as { email: string; confirm: string };
        if (b.confirm !== b.email) return { status: 400, body: { message: 'Invalid request', code: 'validation_failed', details: [{ field: 'confirm', message: "Type the customer's email again, exactly as above", code: 'custom' }], errors: { confirm: "Type the customer's email again, exactly as above" } } };
        erased = true;
        return one({ email_hash: 'abc', erased: true, records: { orders: 3, returns: 1, shipments: 2, events: 12, audit_entries: 5, dead_letters: 0, stored_answers: 1, exports: 0 } });
      },
    ]);
    open();
    const email = await screen.findByLabelText('Customer email');
    fireEvent.change(email, { target: { value: 'not an email' } });
    fireEvent.click(screen.getByRole('button', { name: /Look up/ }));
    expect(await screen.findByText(/Not an email address/)).toBeInTheDocument();
    expect(f.of('GET', '/governance/customers')).toHaveLength(0);

    fireEvent.change(email, { target: { value: ' Jane@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: /Look up/ }));
    expect(await screen.findByText('jane@example.com (Jane Roe)')).toBeInTheDocument();
    expect(f.of('GET', '/governance/customers')[0].query.get('email')).toBe('jane@example.com');
    expect(screen.getByText('Shipping labels').closest('tr')).toHaveTextContent('2');

    fireEvent.click(screen.getByRole('button', { name: /Erase personal data/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    const erase = within(dialog).getByRole('button', { name: 'Erase personal data' });
    expect(erase).toBeDisabled();
    const confirm = within(dialog).getByLabelText("Type the customer's email again");
    fireEvent.change(confirm, { target: { value: 'jane@example.co' } });
    expect(erase).toBeDisabled();
    fireEvent.change(confirm, { target: { value: 'jane@example.com' } });
    await waitFor(() => expect(erase).toBeEnabled());
    fireEvent.click(erase);
    expect(await screen.findByText("The customer's personal data was erased")).toBeInTheDocument();
    expect(screen.getByText('24 records anonymised.')).toBeInTheDocument();
    expect(f.of('POST', '/governance/customers/erase').map((c) => c.body)).toEqual([{ email: 'jane@example.com', confirm: 'jane@example.com' }]);
    await waitFor(() => expect(f.of('GET', '/governance/customers').length).toBeGreaterThanOrEqual(2));
  });

  it('shows the server\'s messages under the retention fields', async () => {
    const f = api([
      (c) => (c.method === 'PUT' && c.path === '/governance/retention'
        ? { status: 400, body: { message: 'Invalid request', code: 'validation_failed', details: [{ field: 'event_log_days', message: 'At least 7 days', code: 'too_small' }], errors: { event_log_days: 'At least 7 days' } } }
        : undefined),
    ]);
    open();
    const form = await screen.findByRole('form', { name: 'Retention settings' });
    const events = within(form).getByLabelText('Delivered events in the event log');
    expect(events).toHaveValue('90');
    fireEvent.change(events, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save retention settings' }));
    expect(await within(form).findByText('At least 7 days')).toBeInTheDocument();
    expect(f.of('PUT', '/governance/retention')[0].body).toMatchObject({ event_log_days: 3, mailbox_days: 30 });
  });

  it('says when the retention settings cannot be read, with Retry', async () => {
    let failing = true;
    api([(c) => (c.path === '/governance/retention' ? (failing ? { status: 500, body: { code: 'internal', message: 'boom' } } : one(RETENTION)) : undefined)]);
    open();
    const alert = await screen.findByText(/Could not load the retention settings/);
    failing = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Retention settings' })).toBeInTheDocument();
  });
});
