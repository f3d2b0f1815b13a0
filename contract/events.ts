/**
 * Live routing (docs/events.md "Live routing"): a row per subject prefix says which event-log stream
 * stores it, which SSE event carries it and which client resource refreshes on it. The platform's
 * own rows are here; a domain declares its rows in `contract/<domain>.ts` and names them in its
 * server module (`live`) and its page module (`liveRoutes`). The server's stream assignment and SSE
 * hub read the server modules' rows (server/events/live-table.ts), the client's live provider the
 * page modules' (providers/live/channels.ts) — both through `liveTable` below, and
 * tests/unit/live-channels.test.ts checks the two tables are the same.
 */

/** Event-log streams (JetStream streams when NATS is used). */
export const STREAM_NAMES = ['ORDERS', 'FULFILLMENT', 'PRICING', 'ALERTS', 'AGENTS', 'METRICS', 'JOBS'] as const;
export type StreamName = (typeof STREAM_NAMES)[number];

/** SSE stream names, which are also the `event:` names of the frames a browser EventSource listens to. */
export const SSE_STREAMS = ['alerts', 'agents', 'metrics', 'jobs', 'events'] as const;
export type SseStream = (typeof SSE_STREAMS)[number];

/**
 * Each log stream goes out as one SSE stream: `events` carries the domain events (orders,
 * fulfillment, pricing) that the dashboard's "Recent Events" shows.
 */
export const SSE_OF_STREAM: Record<StreamName, SseStream> = {
  ORDERS: 'events',
  FULFILLMENT: 'events',
  PRICING: 'events',
  ALERTS: 'alerts',
  AGENTS: 'agents',
  METRICS: 'metrics',
  JOBS: 'jobs',
};

export interface LiveRoute {
  /** First token of the subject (`orders` for `orders.created`). */
  prefix: string;
  stream: StreamName;
  /** SSE event name the frames carry (from the stream). */
  sse: SseStream;
  /** Refine resource whose lists refresh on these events (`resources/<name>` live channel). */
  resource: string | null;
}

/** A row of the live routing table (a domain's rows live in its contract, `contract/<domain>.ts`). */
export const liveRoute = (prefix: string, stream: StreamName, resource: string | null = null): LiveRoute => ({
  prefix,
  stream,
  sse: SSE_OF_STREAM[stream],
  resource,
});

/** The platform's own rows: alerts, agents, metrics, jobs and the ops pages (flags, webhooks, DLQ). */
export const PLATFORM_LIVE_ROUTES: readonly LiveRoute[] = [
  liveRoute('alerts', 'ALERTS', 'alerts'),
  liveRoute('agents', 'AGENTS'),
  liveRoute('metrics', 'METRICS'),
  liveRoute('jobs', 'JOBS'),
  liveRoute('flags', 'JOBS', 'flags'),
  liveRoute('webhooks', 'JOBS', 'webhooks'),
  liveRoute('dlq', 'JOBS', 'dlq'),
];

/** Subjects with no row go to JOBS (and so to the `jobs` SSE stream), with no resource. */
export const DEFAULT_STREAM: StreamName = 'JOBS';

export interface LiveTable {
  readonly routes: readonly LiveRoute[];
  routeOf(subject: string): LiveRoute | null;
  /** The log stream a subject is stored in (DEFAULT_STREAM when no row names its prefix). */
  streamOf(subject: string): StreamName;
}

/**
 * The table of the platform's rows plus the domains' (as their modules declare them). A prefix
 * declared twice is refused: two domains would disagree on where its events go.
 */
export function liveTable(domainRoutes: readonly LiveRoute[]): LiveTable {
  const routes = [...PLATFORM_LIVE_ROUTES, ...domainRoutes];
  const byPrefix = new Map<string, LiveRoute>();
  for (const r of routes) {
    if (byPrefix.has(r.prefix)) throw new Error(`Live route "${r.prefix}" is declared twice`);
    byPrefix.set(r.prefix, r);
  }
  const routeOf = (subject: string) => byPrefix.get(subject.split('.')[0]) ?? null;
  return { routes, routeOf, streamOf: (subject) => routeOf(subject)?.stream ?? DEFAULT_STREAM };
}

export function sseStreamOf(stream: StreamName): SseStream {
  return SSE_OF_STREAM[stream] ?? SSE_OF_STREAM[DEFAULT_STREAM];
}

/** Log streams an SSE client listening to `sse` receives (its resume query reads these). */
export function logStreamsOf(sse: readonly SseStream[]): StreamName[] {
  return STREAM_NAMES.filter((s) => sse.includes(SSE_OF_STREAM[s]));
}

export function isSseStream(s: string): s is SseStream {
  return (SSE_STREAMS as readonly string[]).includes(s);
}

/** The Refine live channel of a resource. */
export const resourceChannel = (resource: string) => `resources/${resource}`;

/** Events the DLQ writes (its page refreshes on them). */
export const DLQ_EVENTS = {
  deadLettered: 'dlq.dead_lettered',
  replayed: 'dlq.replayed',
  discarded: 'dlq.discarded',
} as const;

/** Events the webhook dispatcher writes after each delivery attempt. */
export const WEBHOOK_EVENTS = {
  delivered: 'webhooks.delivered',
  failed: 'webhooks.failed',
} as const;

/**
 * The platform's own operational events (DLQ and webhook deliveries): not sent out as webhooks, or
 * a failing endpoint would be sent the news of its own failure without end.
 */
export function isPlatformSubject(subject: string): boolean {
  const p = subject.split('.')[0];
  return p === 'dlq' || p === 'webhooks';
}
