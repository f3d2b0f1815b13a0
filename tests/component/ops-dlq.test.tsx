// @vitest-environment jsdom
/**
 * /ops/dlq (docs/events.md): every DLQ command waits for a confirmation, sends exactly what the
 * user confirmed, and reports a result per message; discard refuses to go on without a reason.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const auth = vi.hoisted(() => ({ getSession: vi.fn(async () => ({ data: { session: { access_token: 'tok' } }, error: null })), refreshSession: vi.fn() }));
vi.mock('../../providers/supabase', () => ({ supabase: { auth } }));
const hub = vi.hoisted(() => ({ current: null as null | ReturnType<typeof import('./ops-harness').fakeHub> }));
vi.mock('../../providers/live', async () => {
  hub.current = (await import('./ops-harness')).fakeHub();
  const current = hub.current;
  // the hub the composition root would hand down (`useLiveHub`)
  return { useLiveHub: () => current };
});

import DlqPage from '../../resources/dlq/dlq-page';
import { fakeApi, listOf, type Call } from './support/fake-api';
import { renderConsole } from './support/render-console';
import { pageTestHooks } from './support/page-test-hooks';

const entry = (id: number, subject: string, extra: Record<string, unknown> = {}) => ({
  id,
  consumer: 'webhooks',
  event_seq: 100 + id,
  stream: 'ORDERS',
  subject,
  payload: { id: `ord-${id}`, to: 'routed', lines: [{ sku: 'SKU-1', qty: 2 }] },
  last_error: 'ECONNREFUSED',
  attempts: 5,
  first_failure_at: new Date(Date.now() - 7200_000).toISOString(),
  last_failure_at: new Date(Date.now() - 600_000).toISOString(),
  age_s: 7200,
  status: 'pending',
  discard_reason: null,
  discarded_by: null,
  discarded_at: null,
  replayed_at: null,
  replay_count: 0,
  ...extra,
});

const ROWS = [entry(7, 'orders.created'), entry(8, 'orders.status_changed')];

function dlqApi(opts: { replayed?: number[] } = {}) {
  return fakeApi([
    (c) => (c.method === 'GET' && c.path === '/dlq' ? { body: listOf(ROWS, 2) } : undefined),
    (c) => (c.method === 'GET' && /^\/dlq\/\d+$/.test(c.path) ? { body: { data: ROWS.find((r) => `/dlq/${r.id}` === c.path) } } : undefined),
    (c) => (c.path === '/streams/consumers' ? { body: listOf([{ name: 'webhooks', filter_subjects: ['>'] }]) } : undefined),
    (c) => (c.method === 'POST' && /^\/dlq\/\d+\/replay$/.test(c.path) ? { body: { data: { replayed: [Number(c.path.split('/')[2])] } } } : undefined),
    (c) => (c.method === 'POST' && c.path === '/dlq/replay' ? { body: { data: { replayed: opts.replayed ?? [7, 8], skipped: 2 - (opts.replayed ?? [7, 8]).length } } } : undefined),
    (c) => (c.method === 'POST' && /^\/dlq\/\d+\/discard$/.test(c.path) ? { body: { data: { discarded: [Number(c.path.split('/')[2])] } } } : undefined),
    (c) => (c.method === 'POST' && c.path === '/dlq/discard' ? { body: { data: { discarded: [7, 8], skipped: 0 } } } : undefined),
  ]);
}

/** antd gives every dialog the same labelledby id under test, so a dialog is found by its title text. */
async function dialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  return heading.closest('[role="dialog"]') as HTMLElement;
}

const posts = (api: { calls: Call[] }) => api.calls.filter((c) => c.method === 'POST');

// antd's dialogs and tables are slow to drive in jsdom on a busy machine
vi.setConfig({ testTimeout: 120_000 });

pageTestHooks('agent');

async function openPage(path = '/ops/dlq') {
  renderConsole({ path, route: '/ops/dlq', page: <DlqPage /> });
  await screen.findByLabelText('Open dead letter 7 orders.created');
}

describe('/ops/dlq DLQ Management', () => {
  it('lists the dead letters with their filters sent to GET /api/dlq', async () => {
    const api = dlqApi();
    // the URL carries the API's own parameters; no status means the API's default, pending
    await openPage('/ops/dlq?subject=orders.*&consumer=webhooks&error=ECONN&min_age_s=3600');
    expect(api.of('GET', '/dlq')).toHaveLength(1);
    const q = api.of('GET', '/dlq')[0].query;
    expect(Object.fromEntries(q)).toEqual({ subject: 'orders.*', consumer: 'webhooks', error: 'ECONN', min_age_s: '3600', limit: '20', offset: '0' });
    expect(document.querySelector('[aria-label="Age"]')?.closest('.ant-select')).toHaveTextContent('Older than 1 hour');
    expect(screen.getByText('2 pending messages')).toBeInTheDocument();
    expect(screen.getAllByText('ECONNREFUSED')).toHaveLength(2);
    expect(screen.getAllByText('2h')).toHaveLength(2);
  });

  it('replays one message only after the confirmation, and reports the result', async () => {
    const user = userEvent.setup({ delay: null });
    const api = dlqApi();
    await openPage();
    await user.click(screen.getByLabelText('Replay dead letter 7'));
    const box = await dialog('Replay this message?');
    await user.click(within(box).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(posts(api)).toHaveLength(0);

    await user.click(screen.getByLabelText('Replay dead letter 7'));
    await user.click(within(await dialog('Replay this message?')).getByRole('button', { name: 'Replay', hidden: true }));
    await waitFor(() => expect(posts(api).map((c) => c.path)).toEqual(['/dlq/7/replay']));
    expect(await screen.findByText('1 of 1 done')).toBeInTheDocument();
    expect(screen.getByText('#7 orders.created')).toBeInTheDocument();
  });

  it('replays the selected messages and reports one the server skipped', async () => {
    const user = userEvent.setup({ delay: null });
    const api = dlqApi({ replayed: [8] });
    await openPage();
    await user.click(screen.getByLabelText('Select dead letter 7'));
    await user.click(screen.getByLabelText('Select dead letter 8'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Replay selected/, hidden: true }));
    await user.click(within(await dialog('Replay 2 messages?')).getByRole('button', { name: 'Replay 2', hidden: true }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({ path: '/dlq/replay', body: { ids: [7, 8] } });
    expect(await screen.findByText('1 of 2 done, 1 failed')).toBeInTheDocument();
    expect(screen.getByText('Skipped: no longer pending')).toBeInTheDocument();
  });

  it('replays everything matching the current filter with one filter command', async () => {
    const user = userEvent.setup({ delay: null });
    const api = dlqApi();
    await openPage('/ops/dlq?subject=orders.*&error=ECONN');
    await user.click(screen.getByRole('button', { name: /Replay all matching/, hidden: true }));
    const box = await dialog('Replay all 2 messages matching the filter?');
    await user.click(within(box).getByRole('button', { name: 'Replay all', hidden: true }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({ path: '/dlq/replay', body: { filter: { subject: 'orders.*', error: 'ECONN' } } });
    expect((posts(api)[0].body as { filter: object }).filter).not.toHaveProperty('status');
    expect(await screen.findByText('2 of 2 done')).toBeInTheDocument();
  });

  it('opens a row in a drawer with the payload, and discards only with a reason', async () => {
    const user = userEvent.setup({ delay: null });
    const api = dlqApi();
    await openPage();
    await user.click(screen.getByLabelText('Open dead letter 7 orders.created'));
    const drawer = await dialog('Dead letter #7');
    expect(within(drawer).getByRole('group', { name: 'Payload', hidden: true })).toHaveTextContent('"ord-7"');
    expect(within(drawer).getByRole('button', { name: 'Copy Payload', hidden: true })).toBeInTheDocument();
    expect(within(drawer).getAllByText('ECONNREFUSED').length).toBeGreaterThan(0);

    await user.click(within(drawer).getByRole('button', { name: /Discard/, hidden: true }));
    const confirm = await dialog('Discard this message?');
    await user.click(within(confirm).getByRole('button', { name: 'Discard', hidden: true }));
    expect(await within(confirm).findByText('A reason is required')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);

    await user.type(within(confirm).getByLabelText('Reason'), 'Customer cancelled upstream');
    await user.click(within(confirm).getByRole('button', { name: 'Discard', hidden: true }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(posts(api)[0]).toMatchObject({ path: '/dlq/7/discard', body: { reason: 'Customer cancelled upstream' } });
    expect(await screen.findByText('1 of 1 done')).toBeInTheDocument();
  });

  it('refetches the list when a live DLQ event arrives', async () => {
    const api = dlqApi();
    await openPage();
    const before = api.of('GET', '/dlq').length;
    expect(hub.current!.listeners('resources/dlq')).toBe(1);
    hub.current!.emit('resources/dlq', 'dlq.added', { id: 9 });
    await waitFor(() => expect(api.of('GET', '/dlq').length).toBeGreaterThan(before));
  });
});
