import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { createStreamClient, type EventSourceLike, type StreamEnv, type StreamState } from '../../providers/live/stream-client';
import { reconnectDelay } from '../../providers/live/backoff';
import { createLiveHub } from '../../providers/live/hub';
import { liveChannels } from '../../providers/live/channels';
import { ordersLive } from '../../contract/modules/orders';
import { STREAMS } from '../../contract/constants';

type Handler = (ev: { data: string; lastEventId: string; type: string }) => void;

class FakeSource implements EventSourceLike {
  onopen: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: Handler | null = null;
  listeners = new Map<string, Handler>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: Handler) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  emit(type: string, data: unknown, id: string) {
    if (this.closed) return;
    const ev = { data: JSON.stringify(data), lastEventId: id, type };
    if (type === 'message') this.onmessage?.(ev);
    else this.listeners.get(type)?.(ev);
  }
}

function makeEnv() {
  const sources: FakeSource[] = [];
  let online = true;
  let hidden = false;
  let envListener: ((w: 'online' | 'offline' | 'visible' | 'hidden') => void) | null = null;
  const env: StreamEnv = {
    createEventSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => 0.5, // no jitter
    isOnline: () => online,
    isHidden: () => hidden,
    onEnvironmentChange: (fn) => {
      envListener = fn;
      return () => (envListener = null);
    },
  };
  return {
    env,
    sources,
    last: () => sources[sources.length - 1],
    setOnline(v: boolean) {
      online = v;
      envListener?.(v ? 'online' : 'offline');
    },
    setHidden(v: boolean) {
      hidden = v;
      envListener?.(v ? 'hidden' : 'visible');
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnect backoff (docs/product/constants.md)', () => {
  it('starts at 1 s, doubles, stays within ±25 % and never exceeds 30 s', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1000);
    expect(reconnectDelay(1, () => 0.5)).toBe(2000);
    expect(reconnectDelay(3, () => 0.5)).toBe(8000);
    expect(reconnectDelay(10, () => 0.5)).toBe(30_000);
    for (let a = 0; a < 8; a++) {
      const base = Math.min(30_000, 1000 * 2 ** a);
      expect(reconnectDelay(a, () => 0)).toBeGreaterThanOrEqual(Math.round(base * 0.75));
      expect(reconnectDelay(a, () => 0.999999)).toBeLessThanOrEqual(Math.min(30_000, Math.round(base * 1.25)));
    }
    expect(reconnectDelay(20, () => 0.999999)).toBe(30_000);
  });
});

describe('stream client state machine (docs/product/shell.md)', () => {
  function start(extra: Partial<Parameters<typeof createStreamClient>[1]> = {}) {
    const f = makeEnv();
    const states: StreamState[] = [];
    const events: unknown[] = [];
    const client = createStreamClient(f.env, {
      url: (last) => `/api/stream?streams=alerts${last ? `&lastEventId=${last}` : ''}`,
      eventNames: ['alerts', 'heartbeat'],
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      ...extra,
    });
    client.start();
    return { f, client, states, events };
  }

  it('goes connecting → connected on open and delivers events', () => {
    const { f, client, states, events } = start();
    expect(client.state).toBe('connecting');
    f.last().open();
    expect(states).toEqual(['connecting', 'connected']);
    f.last().emit('alerts', { id: '7', subject: 'alerts.raised', data: { severity: 'critical' }, timestamp: '2026-01-01T00:00:00Z' }, '7');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: '7', event: 'alerts.raised', data: { severity: 'critical' }, channel: 'alerts' });
  });

  it("resumes from a fresh stream's first heartbeat id when no event came before the drop; later heartbeats never move it", () => {
    const { f } = start();
    f.last().open();
    f.last().emit('heartbeat', {}, '12'); // where the stream started
    f.last().onerror?.({});
    vi.advanceTimersByTime(1000);
    expect(f.last().url).toContain('lastEventId=12');
    f.last().open();
    f.last().emit('alerts', { id: '15', subject: 'alerts.raised', data: {} }, '15');
    f.last().emit('heartbeat', {}, '99'); // an EventSource repeats its last id; only an event moves the resume point
    f.last().onerror?.({});
    vi.advanceTimersByTime(1000);
    expect(f.last().url).toContain('lastEventId=15');
  });

  it('an error schedules a reconnect with doubling delays and resumes from the last event id', () => {
    const { f, client } = start();
    f.last().open();
    f.last().emit('alerts', { id: '41', subject: 'alerts.raised', data: {} }, '41');
    f.last().onerror?.({});
    expect(client.state).toBe('error');
    expect(f.sources).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(f.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(f.sources).toHaveLength(2);
    expect(f.last().url).toContain('lastEventId=41');
    f.last().onerror?.({}); // second failure without a successful open: 2 s
    vi.advanceTimersByTime(1999);
    expect(f.sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(f.sources).toHaveLength(3);
    f.last().open(); // success resets the backoff
    f.last().onerror?.({});
    vi.advanceTimersByTime(1000);
    expect(f.sources).toHaveLength(4);
  });

  it('treats a silent stream as failed after the heartbeat timeout (30 s; 60 s for the dashboard)', () => {
    const { f, client } = start();
    f.last().open();
    vi.advanceTimersByTime(STREAMS.heartbeatTimeoutMs - 1);
    expect(client.state).toBe('connected');
    f.last().emit('heartbeat', {}, '');
    vi.advanceTimersByTime(STREAMS.heartbeatTimeoutMs - 1);
    expect(client.state).toBe('connected');
    vi.advanceTimersByTime(1);
    expect(client.state).toBe('error');
    expect(f.sources[0].closed).toBe(true);

    const dash = start({ heartbeatTimeoutMs: STREAMS.dashboardHeartbeatTimeoutMs });
    dash.f.last().open();
    vi.advanceTimersByTime(59_999);
    expect(dash.client.state).toBe('connected');
    vi.advanceTimersByTime(1);
    expect(dash.client.state).toBe('error');
  });

  it('pauses when offline and reconnects when back online', () => {
    const { f, client } = start();
    f.last().open();
    f.setOnline(false);
    expect(client.state).toBe('paused');
    expect(f.sources[0].closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(f.sources).toHaveLength(1); // no reconnect attempts while offline
    f.setOnline(true);
    expect(client.state).toBe('connecting');
    expect(f.sources).toHaveLength(2);
  });

  it('pauses on a flood only while the tab is hidden, and resumes on visibility', () => {
    const visible = start();
    visible.f.last().open();
    for (let i = 0; i < 150; i++) visible.f.last().emit('alerts', { id: String(i), subject: 'alerts.raised', data: {} }, String(i));
    expect(visible.client.state).toBe('connected');
    expect(visible.events).toHaveLength(150);

    const hidden = start();
    hidden.f.last().open();
    hidden.f.setHidden(true);
    for (let i = 0; i < 150; i++) hidden.f.last().emit('alerts', { id: String(i), subject: 'alerts.raised', data: {} }, String(i));
    expect(hidden.client.state).toBe('paused');
    expect(hidden.events).toHaveLength(STREAMS.floodPerSecond);
    hidden.f.setHidden(false);
    expect(hidden.client.state).toBe('connecting');
    expect(hidden.f.last().url).toContain(`lastEventId=${STREAMS.floodPerSecond - 1}`);
  });

  it('uses the alerts flood limit of 200 when configured', () => {
    const { f, client, events } = start({ floodLimitPerSecond: STREAMS.alertsFloodPerSecond });
    f.last().open();
    f.setHidden(true);
    for (let i = 0; i < 199; i++) f.last().emit('alerts', { id: String(i), subject: 'a', data: {} }, String(i));
    expect(client.state).toBe('connected');
    for (let i = 199; i < 250; i++) f.last().emit('alerts', { id: String(i), subject: 'a', data: {} }, String(i));
    expect(client.state).toBe('paused');
    expect(events).toHaveLength(200);
  });

  it('close() is final: no reconnects afterwards', () => {
    const { f, client } = start();
    f.last().open();
    client.close();
    expect(client.state).toBe('closed');
    f.setOnline(false);
    f.setOnline(true);
    vi.advanceTimersByTime(60_000);
    expect(f.sources).toHaveLength(1);
  });
});

describe('live hub: one EventSource per tab', () => {
  it('opens exactly one source for many subscribers and routes by channel', () => {
    const f = makeEnv();
    const hub = createLiveHub({ env: f.env, url: () => '/api/stream?streams=alerts,metrics,agents,jobs', channels: liveChannels([{ liveRoutes: ordersLive }]) });
    const orders: unknown[] = [];
    const all: unknown[] = [];
    const un1 = hub.subscribe('resources/orders', (e) => orders.push(e));
    const un2 = hub.subscribe('*', (e) => all.push(e));
    hub.subscribe('alerts', () => undefined);
    expect(f.sources).toHaveLength(1);
    f.last().open();
    f.last().emit('jobs', { id: '1', subject: 'orders.created', data: { id: 'ORD-1' } }, '1');
    f.last().emit('alerts', { id: '2', subject: 'alerts.raised', data: {} }, '2');
    expect(orders).toHaveLength(1);
    expect(all).toHaveLength(2);
    expect(hub.recent('alerts')).toHaveLength(1);
    un1();
    un2();
    expect(f.sources[0].closed).toBe(false); // the alerts subscriber keeps it open
  });

  const hubOn = (f: ReturnType<typeof makeEnv>) => {
    const hub = createLiveHub({ env: f.env, url: () => '/api/stream?streams=alerts,metrics,agents,jobs,events', channels: liveChannels([{ liveRoutes: ordersLive }]) });
    hub.subscribe('*', () => undefined);
    f.last().open();
    return hub;
  };

  it('waits 30 s for a heartbeat, 60 s while the dashboard holds it, 30 s again once released', () => {
    const f = makeEnv();
    const hub = hubOn(f);
    const release = hub.holdHeartbeat(STREAMS.dashboardHeartbeatTimeoutMs);
    f.last().emit('heartbeat', {}, '');
    vi.advanceTimersByTime(STREAMS.heartbeatTimeoutMs + 1000);
    expect(hub.state).toBe('connected');
    // 60.5 s of silence: failed (its reconnect comes 1 s later)
    vi.advanceTimersByTime(STREAMS.dashboardHeartbeatTimeoutMs - STREAMS.heartbeatTimeoutMs - 500);
    expect(hub.state).toBe('error');

    const g = makeEnv();
    const other = hubOn(g);
    const held = other.holdHeartbeat(STREAMS.dashboardHeartbeatTimeoutMs);
    held();
    g.last().emit('heartbeat', {}, '');
    vi.advanceTimersByTime(STREAMS.heartbeatTimeoutMs + 1);
    expect(other.state).toBe('error');
    release();
  });

  it('pauses a hidden tab on a flood by each stream’s limit: 200 a second for alerts, 100 for the others', () => {
    const f = makeEnv();
    const hub = hubOn(f);
    f.setHidden(true);
    // 150 alert frames and 100 event frames in one second: within both limits
    for (let i = 0; i < 150; i++) f.last().emit('alerts', { id: `a${i}`, subject: 'alerts.raised', data: {} }, `a${i}`);
    for (let i = 0; i < 100; i++) f.last().emit('events', { id: `e${i}`, subject: 'orders.created', data: {} }, `e${i}`);
    expect(hub.state).toBe('connected');
    // the 101st event frame of the second is a flood
    f.last().emit('events', { id: 'e100', subject: 'orders.created', data: {} }, 'e100');
    expect(hub.state).toBe('paused');
  });
});
