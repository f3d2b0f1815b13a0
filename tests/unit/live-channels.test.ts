/**
 * The live routing table (contract/events.ts, docs/events.md "Live routing") as the client reads
 * it: channel mapping of the live provider, the stream URL, and every live channel a resource
 * declares or subscribes to exists in the table.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@refinedev/core';
import { liveTable as liveTableOf, SSE_OF_STREAM, SSE_STREAMS, STREAM_NAMES, resourceChannel, DLQ_EVENTS, WEBHOOK_EVENTS, type LiveRoute } from '../../contract/events';
import { COMBINED_STREAMS, liveChannels } from '../../providers/live/channels';
import { serverLiveTable, streamOf, setLiveRoutes } from '../../server/events/live-table';
import { apiModules } from '../../server/api/routes';
import { liveRoutesOf } from '../../server/api/module';
import { createLiveProvider } from '../../providers/live/live-provider';
import type { LiveHub } from '../../providers/live/hub';
import type { StreamEvent } from '../../providers/live/stream-client';
import { modules } from '../../resources';

// the client's table, read from the page modules as src/App.tsx hands them down (the server's must equal it: see below)
const { table: clientLiveTable, channelsFor } = liveChannels(modules);
// the server's, from the server modules as server/app.ts hands them down
setLiveRoutes(liveRoutesOf(apiModules));
const LIVE_ROUTES = clientLiveTable.routes;
const liveRouteOf = (subject: string) => clientLiveTable.routeOf(subject);
const byPrefix = (rows: readonly LiveRoute[]) => [...rows].sort((a, b) => a.prefix.localeCompare(b.prefix));

/** A hub that routes frames exactly like the real one (channelsFor), without an EventSource. */
function fakeHub() {
  const subs = new Map<string, Set<(e: StreamEvent) => void>>();
  const hub = {
    subscribe(channel: string, fn: (e: StreamEvent) => void) {
      if (!subs.has(channel)) subs.set(channel, new Set());
      subs.get(channel)!.add(fn);
      return () => subs.get(channel)!.delete(fn);
    },
  } as unknown as LiveHub;
  const frame = (subject: string, data: unknown) => {
    const channel = SSE_OF_STREAM[streamOf(subject)];
    const e: StreamEvent = { id: '7', event: subject, data, timestamp: '2026-01-01T00:00:00.000Z', channel };
    for (const ch of channelsFor(subject, channel)) for (const fn of subs.get(ch) ?? []) fn(e);
  };
  return { hub, frame };
}

describe('the live routing table', () => {
  it('is the same on the server (module declarations) and the client (page module declarations)', () => {
    expect(byPrefix(serverLiveTable().routes)).toEqual(byPrefix(LIVE_ROUTES));
    // every domain row comes from a module declaration, on both sides
    const serverDeclared = apiModules.flatMap((m) => m.live ?? []).map((r) => r.prefix);
    const clientDeclared = modules.flatMap((m) => m.liveRoutes ?? []).map((r) => r.prefix);
    expect(serverDeclared).toContain('suppliers');
    expect(clientDeclared.sort()).toEqual(serverDeclared.sort());
  });

  it('refuses a prefix declared twice', () => {
    const dup = { prefix: 'dlq', stream: 'JOBS', sse: 'jobs', resource: null } as const;
    expect(() => liveTableOf([dup])).toThrow(/declared twice/);
  });

  it('has one row per prefix, each SSE event the one of its stream', () => {
    const prefixes = LIVE_ROUTES.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const r of LIVE_ROUTES) {
      expect(STREAM_NAMES).toContain(r.stream);
      expect(r.sse).toBe(SSE_OF_STREAM[r.stream]);
    }
    expect(new Set(Object.values(SSE_OF_STREAM))).toEqual(new Set(SSE_STREAMS));
  });

  it('routes the DLQ and webhook events to their resources on the jobs stream', () => {
    for (const s of Object.values(DLQ_EVENTS)) expect(liveRouteOf(s)).toMatchObject({ stream: 'JOBS', sse: 'jobs', resource: 'dlq' });
    for (const s of Object.values(WEBHOOK_EVENTS)) expect(liveRouteOf(s)).toMatchObject({ stream: 'JOBS', sse: 'jobs', resource: 'webhooks' });
    expect(streamOf('something.unknown')).toBe('JOBS');
  });
});

describe('the live provider', () => {
  it('maps each subject to `*`, its SSE stream and its resource channel', () => {
    expect(channelsFor('orders.created', 'events')).toEqual(['*', 'events', 'resources/orders']);
    expect(channelsFor('dlq.replayed', 'jobs')).toEqual(['*', 'jobs', 'resources/dlq']);
    expect(channelsFor('webhooks.failed', 'jobs')).toEqual(['*', 'jobs', 'resources/webhooks']);
    expect(channelsFor('metrics.tick', 'metrics')).toEqual(['*', 'metrics']);
    for (const r of LIVE_ROUTES) {
      const got = channelsFor(`${r.prefix}.x`, r.sse);
      if (r.resource) expect(got).toContain(resourceChannel(r.resource));
      else expect(got.some((c) => c.startsWith('resources/'))).toBe(false);
    }
  });

  it('listens to every SSE stream the server sends', () => {
    expect([...COMBINED_STREAMS].sort()).toEqual([...SSE_STREAMS].sort());
  });

  it('hands Refine a live event for the resource, filtered by type, with the ids', () => {
    const { hub, frame } = fakeHub();
    const provider = createLiveProvider(hub);
    const dlq: LiveEvent[] = [];
    const webhooksFailed: LiveEvent[] = [];
    provider.subscribe({ channel: 'resources/dlq', types: ['*'], callback: (e) => dlq.push(e) });
    provider.subscribe({ channel: 'resources/webhooks', types: ['failed'], callback: (e) => webhooksFailed.push(e) });
    frame(DLQ_EVENTS.replayed, { ids: [3, 4] });
    frame(WEBHOOK_EVENTS.delivered, { id: 'ep-1' });
    frame(WEBHOOK_EVENTS.failed, { id: 'ep-2' });
    frame('orders.created', { id: 'o-1' });
    expect(dlq).toHaveLength(1);
    expect(dlq[0]).toMatchObject({ channel: 'resources/dlq', type: 'replayed', payload: { ids: ['3', '4'] } });
    expect(webhooksFailed).toHaveLength(1);
    expect(webhooksFailed[0]).toMatchObject({ channel: 'resources/webhooks', type: 'failed', payload: { ids: ['ep-2'] } });
  });
});

describe('resources declare live channels the table knows', () => {
  const known = new Set(LIVE_ROUTES.flatMap((r) => (r.resource ? [resourceChannel(r.resource)] : [])));

  it('every `resources/<name>` channel a page subscribes to names a resource of the table', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f)) files.push(p);
      }
    };
    walk(join(__dirname, '../../resources'));
    walk(join(__dirname, '../../src'));
    const used = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/['"`](resources\/[a-z_-]+)['"`]/g)) used.add(m[1]);
    expect(used).toContain('resources/dlq');
    for (const ch of used) expect(known, ch).toContain(ch);
  });
});
