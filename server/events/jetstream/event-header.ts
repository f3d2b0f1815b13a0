/**
 * An event's envelope on JetStream (docs/events.md "JetStream"): the body is the payload; sequence,
 * tenant, subject, time, correlation/causation and the tenant's number of the event travel in ONE
 * `Event` header as a JSON array, plus `Nats-Msg-Id`. Seven headers per message cost the relay and
 * every delivery a tenth of the server's CPU at 10,000 dropshipped orders (docs/performance.md
 * "Dropshipping"). Messages a relay wrote before, with one header per field or without the tenant's
 * number, are still read (the engine looks the number up in the log).
 */
import { headers, type MsgHdrs } from 'nats';
import type { EventRecord } from '../types';

export const EVENT_HEADER = 'Event';

export interface EventMeta {
  seq: number;
  /** The tenant's number of the event (`tenant_seq`); null on a message relayed before it travelled. */
  tenantSeq: number | null;
  tenantId: string;
  subject: string | null;
  timestamp: string | null;
  correlationId: string | null;
  causationId: string | null;
}

/** The headers of an event's message: its envelope and the id JetStream deduplicates on. */
export function eventHeaders(e: EventRecord, msgId: string): MsgHdrs {
  const h = headers();
  h.set('Nats-Msg-Id', msgId);
  h.set(EVENT_HEADER, JSON.stringify([e.seq, e.tenantId, e.subject, e.timestamp, e.correlationId ?? null, e.causationId ?? null, e.tenantSeq]));
  return h;
}

/** The envelope of a delivered or stored message; fields it does not carry are null (0 for the sequence). */
export function eventMeta(h: MsgHdrs | undefined): EventMeta {
  const packed = h?.get(EVENT_HEADER);
  if (packed) {
    const [seq, tenantId, subject, timestamp, correlationId, causationId, tenantSeq] = JSON.parse(packed) as [number, string, string, string, string | null, string | null, number | undefined];
    return { seq: Number(seq), tenantSeq: tenantSeq ? Number(tenantSeq) : null, tenantId, subject, timestamp, correlationId: correlationId || null, causationId: causationId || null };
  }
  // one header per field: messages relayed before the envelope was packed
  return {
    seq: Number(h?.get('Event-Seq') || 0),
    tenantSeq: null,
    tenantId: h?.get('Tenant-Id') ?? '',
    subject: h?.get('Event-Subject') || null,
    timestamp: h?.get('Event-Time') || null,
    correlationId: h?.get('Correlation-Id') || null,
    causationId: h?.get('Causation-Id') || null,
  };
}
