/**
 * Live stream client — docs/product/shell.md "States and transitions" (live stream connection) and
 * docs/product/constants.md (streams).
 * States: disconnected → connecting → connected; error on a failed stream; a closed or failed
 * connection schedules a reconnect (1 s ×2 ±25 % to 30 s); no heartbeat or event within the timeout
 * (30 s, 60 s for the dashboard) counts as a failure; offline pauses, online reconnects; an event
 * flood (100/s, 200 for alerts) pauses the stream only while the tab is hidden, and visibility resumes it.
 * Every dependency (EventSource, timers, clock, visibility, network) is injected so tests need no sleeps.
 */
import { STREAMS } from '../../contract/constants';
import { reconnectDelay } from './backoff';

export type StreamState = 'disconnected' | 'connecting' | 'connected' | 'error' | 'paused' | 'closed';

export interface StreamEvent {
  id: string;
  /** Event name: the subject (e.g. `orders.created`) or the stream channel. */
  event: string;
  data: unknown;
  timestamp: string;
  channel: string;
}

export interface EventSourceLike {
  onopen: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: string; lastEventId: string; type: string }) => void) | null;
  addEventListener(type: string, fn: (ev: { data: string; lastEventId: string; type: string }) => void): void;
  close(): void;
}

export interface StreamEnv {
  createEventSource(url: string): EventSourceLike;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  random(): number;
  isOnline(): boolean;
  isHidden(): boolean;
  /** Subscribes to online/offline/visibilitychange; returns the unsubscribe. */
  onEnvironmentChange(fn: (what: 'online' | 'offline' | 'visible' | 'hidden') => void): () => void;
}

export interface StreamOptions {
  /** Builds the URL for a connection; lastEventId resumes without gap (docs/events.md). */
  url(lastEventId: string | null): string | null;
  /** Event names to listen for besides plain messages (channels, `heartbeat`). */
  eventNames: string[];
  /** Silence after which the stream counts as failed; a function is read at each frame (the hub's dashboard hold). */
  heartbeatTimeoutMs?: number | (() => number);
  /** Frames per second above which a hidden tab pauses; per event name when a function (alerts 200, others 100). */
  floodLimitPerSecond?: number | ((eventName: string) => number);
  onEvent(e: StreamEvent): void;
  onState?(s: StreamState): void;
}

export interface StreamClient {
  readonly state: StreamState;
  readonly lastEventId: string | null;
  start(): void;
  close(): void;
}

export function createStreamClient(env: StreamEnv, opts: StreamOptions): StreamClient {
  const heartbeatOpt = opts.heartbeatTimeoutMs ?? STREAMS.heartbeatTimeoutMs;
  const heartbeatTimeout = () => (typeof heartbeatOpt === 'function' ? heartbeatOpt() : heartbeatOpt);
  const floodOpt = opts.floodLimitPerSecond ?? STREAMS.floodPerSecond;
  const floodLimit = (name: string) => (typeof floodOpt === 'function' ? floodOpt(name) : floodOpt);
  let state: StreamState = 'disconnected';
  let source: EventSourceLike | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let heartbeatTimer: unknown = null;
  /** Frames in the current second, per event name (each name has its own limit). */
  const windows = new Map<string, { start: number; count: number }>();
  let pausedForFlood = false;
  let unsubscribeEnv: (() => void) | null = null;

  const setState = (s: StreamState) => {
    if (s === state) return;
    state = s;
    opts.onState?.(s);
  };
  const clearTimers = () => {
    if (reconnectTimer !== null) env.clearTimeout(reconnectTimer);
    if (heartbeatTimer !== null) env.clearTimeout(heartbeatTimer);
    reconnectTimer = heartbeatTimer = null;
  };
  const dropSource = () => {
    if (source) {
      source.onopen = source.onerror = source.onmessage = null;
      source.close();
      source = null;
    }
  };
  const armHeartbeat = () => {
    if (heartbeatTimer !== null) env.clearTimeout(heartbeatTimer);
    heartbeatTimer = env.setTimeout(() => fail(), heartbeatTimeout());
  };
  const scheduleReconnect = () => {
    if (reconnectTimer !== null) return;
    const delay = reconnectDelay(attempt, env.random);
    attempt++;
    reconnectTimer = env.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };
  function fail() {
    dropSource();
    if (heartbeatTimer !== null) env.clearTimeout(heartbeatTimer);
    heartbeatTimer = null;
    if (state === 'closed' || state === 'paused') return;
    setState('error');
    scheduleReconnect();
  }
  const onFrame = (ev: { data: string; lastEventId: string; type: string }) => {
    armHeartbeat();
    if (ev.type === 'heartbeat') {
      // a fresh stream's first heartbeat names where it started: a reconnect before any event resumes there
      if (lastEventId === null && ev.lastEventId) lastEventId = ev.lastEventId;
      return;
    }
    const t = env.now();
    let w = windows.get(ev.type);
    if (!w || t - w.start >= 1000) windows.set(ev.type, (w = { start: t, count: 0 }));
    w.count++;
    if (w.count > floodLimit(ev.type) && env.isHidden()) {
      pausedForFlood = true;
      pause();
      return;
    }
    let parsed: unknown = ev.data;
    try {
      parsed = JSON.parse(ev.data);
    } catch {
      /* plain-text payload stays a string */
    }
    const body = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
    // only a delivered event moves the resume point: a flood-dropped one must be replayed later
    if (ev.lastEventId) lastEventId = ev.lastEventId;
    opts.onEvent({
      id: String(body.id ?? ev.lastEventId ?? ''),
      event: String(body.subject ?? body.event ?? ev.type),
      data: 'data' in body ? body.data : parsed,
      timestamp: String(body.timestamp ?? new Date(env.now()).toISOString()),
      channel: ev.type === 'message' ? String(body.channel ?? 'message') : ev.type,
    });
  };
  function connect() {
    if (state === 'closed') return;
    if (!env.isOnline()) {
      setState('paused');
      return;
    }
    const url = opts.url(lastEventId);
    if (!url) {
      setState('disconnected');
      return;
    }
    dropSource();
    setState('connecting');
    const es = env.createEventSource(url);
    source = es;
    es.onopen = () => {
      attempt = 0;
      setState('connected');
      armHeartbeat();
    };
    es.onerror = () => fail();
    es.onmessage = onFrame;
    for (const name of opts.eventNames) es.addEventListener(name, onFrame);
    armHeartbeat();
  }
  function pause() {
    clearTimers();
    dropSource();
    setState('paused');
  }
  const onEnv = (what: 'online' | 'offline' | 'visible' | 'hidden') => {
    if (state === 'closed') return;
    if (what === 'offline') {
      pausedForFlood = false;
      pause();
    } else if (what === 'online' && state === 'paused' && !pausedForFlood) {
      attempt = 0;
      connect();
    } else if (what === 'visible' && pausedForFlood) {
      pausedForFlood = false;
      windows.clear();
      connect();
    }
  };
  return {
    get state() {
      return state;
    },
    get lastEventId() {
      return lastEventId;
    },
    start() {
      if (state === 'closed') state = 'disconnected';
      unsubscribeEnv ??= env.onEnvironmentChange(onEnv);
      connect();
    },
    close() {
      clearTimers();
      dropSource();
      unsubscribeEnv?.();
      unsubscribeEnv = null;
      setState('closed');
    },
  };
}
