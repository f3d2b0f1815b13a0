/** Row → EventRecord, and the one SELECT list that produces it. */
import type { StreamName } from '../../contract/events';
import type { EventRecord } from './types';

export const EVENT_COLUMNS = 'seq, tenant_seq, tenant_id, stream, subject, payload, created_at, correlation_id, causation_id';

export interface EventRow {
  seq: number | string;
  tenant_seq: number | string;
  tenant_id: string;
  stream: string;
  subject: string;
  payload: unknown;
  created_at: string | Date;
  correlation_id: string | null;
  causation_id: string | null;
}

export function toRecord(r: EventRow): EventRecord {
  return {
    seq: Number(r.seq),
    tenantSeq: Number(r.tenant_seq),
    tenantId: r.tenant_id,
    stream: r.stream as StreamName,
    subject: r.subject,
    data: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    timestamp: new Date(r.created_at).toISOString(),
    correlationId: r.correlation_id,
    causationId: r.causation_id,
  };
}

/**
 * docs/product/data.md stream event as sent on SSE and to webhooks: {id, subject, data, timestamp, tenant_id}.
 * `id` is the tenant's own number of the event, never the log's `seq` (docs/events.md "Ids a tenant sees").
 */
export function wireEvent(e: EventRecord) {
  return { id: e.tenantSeq, subject: e.subject, data: e.data, timestamp: e.timestamp, tenant_id: e.tenantId };
}
