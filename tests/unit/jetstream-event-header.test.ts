/** An event's envelope on JetStream (server/events/jetstream/event-header.ts): packed in one header, read back whole (the tenant's number of the event too); the old one-header-per-field messages still read. */
import { describe, expect, it } from 'vitest';
import { headers } from 'nats';
import { EVENT_HEADER, eventHeaders, eventMeta } from '../../server/events/jetstream/event-header';
import type { EventRecord } from '../../server/events/types';

const event: EventRecord = {
  seq: 123456789,
  tenantSeq: 4321,
  tenantId: '11111111-1111-4111-8111-111111111111',
  stream: 'ORDERS',
  subject: 'orders.status_changed',
  data: { id: 'ORD-1' },
  timestamp: '2026-11-26T23:40:00.123Z',
  correlationId: 'req "quoted" / ünïcode',
  causationId: null,
};

describe('the JetStream event envelope', () => {
  it('travels in two headers and reads back every field', () => {
    const h = eventHeaders(event, 'log-1:123456789');
    expect(h.keys().sort()).toEqual([EVENT_HEADER, 'Nats-Msg-Id'].sort());
    expect(h.get('Nats-Msg-Id')).toBe('log-1:123456789');
    expect(eventMeta(h)).toEqual({
      seq: 123456789, tenantSeq: 4321, tenantId: event.tenantId, subject: 'orders.status_changed', timestamp: event.timestamp, correlationId: event.correlationId, causationId: null,
    });
  });

  it('reads a message relayed with one header per field', () => {
    const h = headers();
    h.set('Tenant-Id', event.tenantId);
    h.set('Event-Seq', '42');
    h.set('Event-Subject', 'labels.bought');
    h.set('Event-Time', event.timestamp);
    h.set('Causation-Id', '41');
    expect(eventMeta(h)).toEqual({ seq: 42, tenantSeq: null, tenantId: event.tenantId, subject: 'labels.bought', timestamp: event.timestamp, correlationId: null, causationId: '41' });
  });

  it("reads a packed envelope relayed before the tenant's number travelled in it", () => {
    const h = headers();
    h.set(EVENT_HEADER, JSON.stringify([42, event.tenantId, 'orders.created', event.timestamp, null, null]));
    expect(eventMeta(h)).toMatchObject({ seq: 42, tenantSeq: null, tenantId: event.tenantId, subject: 'orders.created' });
  });

  it('gives empty fields for a message without an envelope', () => {
    expect(eventMeta(undefined)).toEqual({ seq: 0, tenantSeq: null, tenantId: '', subject: null, timestamp: null, correlationId: null, causationId: null });
  });
});
