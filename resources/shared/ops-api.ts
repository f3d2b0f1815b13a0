/**
 * The automation platform's API as the console calls it — spec §3 (ops summary, stream event),
 * §7.2 (`GET /ops/summary`), issue 6 §4–§5 (streams, consumers, DLQ) and §3 (webhooks). Every call
 * goes through the one API client (headers, retries, session refresh, request log of spec §7.1).
 */
import { apiClient } from '../../providers/app-client';
import type { WithMeta } from '../../providers/api';
import type { Query } from '../../providers/api/query-string';
import type { ListResponse, Meta } from '../../contract/api';

export type AgentStatus = 'healthy' | 'degraded' | 'offline';

export interface OpsSummary {
  build: { version: string; deployed_at: string; commit: string; environment: string };
  nats: { consumers: number; streams: number; total_messages: number; connected: boolean; engine?: string };
  dlq_status: {
    pending: number;
    consumer_lag: number;
    oldest_age_s?: number;
    by_subject?: Record<string, number>;
    by_consumer?: Record<string, number>;
    consumers?: { name: string; lag: number; redelivering?: number; dead_lettered?: number }[];
  };
  slo: { availability: number; latency_p95: number; latency_p99: number; error_rate: number; requests_per_minute: number };
  database: { connections: number; max_connections: number; query_time_p95: number; engine?: string };
  cache: { hit_rate: number; memory_usage_mb: number; evictions_per_minute: number };
  agent_health: Record<string, { status: AgentStatus | string; last_heartbeat?: string; kind?: string }>;
}

export interface StreamInfo { name: string; subjects: string[]; messages: number; last_seq: number; last_at: string | null }

export interface ConsumerInfo {
  name: string;
  filter_subjects: string[];
  max_deliver: number;
  ack_floor: number;
  delivered: number;
  acked: number;
  dead_lettered: number;
  lag: number;
  redelivering: number;
}

export interface EventRow {
  id: number;
  subject: string;
  stream: string;
  data: unknown;
  timestamp: string;
  correlation_id: string | null;
  causation_id: string | null;
}

export type DlqStatus = 'pending' | 'replayed' | 'discarded';

export interface DlqEntry {
  id: number;
  consumer: string;
  event_seq: number;
  stream: string;
  subject: string;
  payload: unknown;
  last_error: string | null;
  attempts: number;
  first_failure_at: string;
  last_failure_at: string;
  age_s: number;
  status: DlqStatus;
  discard_reason: string | null;
  discarded_by: string | null;
  discarded_at: string | null;
  replayed_at: string | null;
  replay_count: number;
}

/** The server's DLQ filters (server/api/dlq/queries.ts): age = time since the first failure. */
export interface DlqFilter {
  subject?: string;
  consumer?: string;
  error?: string;
  min_age_s?: number;
  max_age_s?: number;
  status?: DlqStatus | 'all';
}

export interface Webhook {
  id: string;
  url: string;
  subjects: string[];
  description: string;
  active: boolean;
  /** Masked, except in the answer of create and rotate-secret. */
  secret: string;
  created_at: string;
  last_delivery_at: string | null;
  last_delivery_status: 'succeeded' | 'failed' | null;
  failing_deliveries: number;
}

export interface WebhookInput { url: string; subjects: string[]; description: string; active: boolean }

export interface Delivery {
  id: number;
  event_seq: number;
  subject: string;
  status: 'succeeded' | 'failed';
  http_status: number | null;
  attempts: number;
  last_error: string | null;
  duration_ms: number | null;
  updated_at: string;
}

export interface Paged<T> { data: T[]; total: number; meta: Meta }

interface One<T> { data: T }

/** `{data, _meta}` answers carry the record in `data`; older answers were the record itself. */
function unwrap<T>(answer: WithMeta<One<T>> | WithMeta<T>): { data: T; meta: Meta } {
  const a = answer as WithMeta<Record<string, unknown>>;
  const data = ('data' in a && a.data && typeof a.data === 'object' && !Array.isArray(a.data) ? a.data : a) as T;
  return { data, meta: answer._meta };
}

async function list<T>(path: string, query?: Query, signal?: AbortSignal): Promise<Paged<T>> {
  const a = await apiClient.get<ListResponse<T>>(path, { query, signal });
  return { data: a.data, total: a.pagination?.total ?? a.data.length, meta: a._meta };
}

export const opsApi = {
  summary: async (fallback: () => OpsSummary, signal?: AbortSignal) =>
    unwrap<OpsSummary>(await apiClient.get<OpsSummary>('/ops/summary', { fallback, signal })),
  streams: (signal?: AbortSignal) => list<StreamInfo>('/streams', undefined, signal),
  consumers: (signal?: AbortSignal) => list<ConsumerInfo>('/streams/consumers', undefined, signal),
  events: (q: Query, signal?: AbortSignal) => list<EventRow>('/streams/events', q, signal),

  dlqList: (q: Query, signal?: AbortSignal) => list<DlqEntry>('/dlq', q, signal),
  dlqGet: async (id: number) => unwrap<DlqEntry>(await apiClient.get<One<DlqEntry>>(`/dlq/${id}`)).data,
  replayOne: async (id: number) => unwrap<{ replayed: number[] }>(await apiClient.post<One<{ replayed: number[] }>>(`/dlq/${id}/replay`)).data,
  replayMany: async (body: { ids: number[] } | { filter: Omit<DlqFilter, 'status'> }) =>
    unwrap<{ replayed: number[]; skipped: number }>(await apiClient.post<One<{ replayed: number[]; skipped: number }>>('/dlq/replay', body)).data,
  discardOne: async (id: number, reason: string) =>
    unwrap<{ discarded: unknown[] }>(await apiClient.post<One<{ discarded: unknown[] }>>(`/dlq/${id}/discard`, { reason })).data,
  discardMany: async (body: ({ ids: number[] } | { filter: Omit<DlqFilter, 'status'> }) & { reason: string }) =>
    unwrap<{ discarded: unknown[]; skipped: number }>(await apiClient.post<One<{ discarded: unknown[]; skipped: number }>>('/dlq/discard', body)).data,

  webhooks: (signal?: AbortSignal) => list<Webhook>('/webhooks', undefined, signal),
  createWebhook: async (body: WebhookInput) => unwrap<Webhook>(await apiClient.post<One<Webhook>>('/webhooks', body)).data,
  updateWebhook: async (id: string, body: Partial<WebhookInput>) => unwrap<Webhook>(await apiClient.put<One<Webhook>>(`/webhooks/${id}`, body)).data,
  deleteWebhook: async (id: string) => {
    await apiClient.delete(`/webhooks/${id}`);
  },
  rotateSecret: async (id: string) => unwrap<Webhook>(await apiClient.post<One<Webhook>>(`/webhooks/${id}/rotate-secret`)).data,
  deliveries: (id: string, q: Query, signal?: AbortSignal) => list<Delivery>(`/webhooks/${id}/deliveries`, q, signal),
};
