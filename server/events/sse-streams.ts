/**
 * SSE stream names (spec §7.3, DESIGN §5) → event-log streams. `events` carries the domain events
 * (orders, fulfillment, pricing) the dashboard's "Recent Events" shows; it is not in the spec's
 * list, so a client asks for it explicitly (docs/events.md).
 */
import type { StreamName } from '../../contract/events';

export const SSE_STREAMS = ['alerts', 'agents', 'metrics', 'jobs', 'events'] as const;
export type SseStream = (typeof SSE_STREAMS)[number];

const OF_LOG_STREAM: Record<StreamName, SseStream> = {
  ALERTS: 'alerts',
  AGENTS: 'agents',
  METRICS: 'metrics',
  JOBS: 'jobs',
  ORDERS: 'events',
  FULFILLMENT: 'events',
  PRICING: 'events',
};

export function sseStreamOf(stream: StreamName): SseStream {
  return OF_LOG_STREAM[stream] ?? 'jobs';
}

export function logStreamsOf(sse: readonly SseStream[]): StreamName[] {
  return (Object.keys(OF_LOG_STREAM) as StreamName[]).filter((s) => sse.includes(OF_LOG_STREAM[s]));
}

export function isSseStream(s: string): s is SseStream {
  return (SSE_STREAMS as readonly string[]).includes(s);
}
