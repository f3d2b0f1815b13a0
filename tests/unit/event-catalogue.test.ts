/**
 * The event catalogue (contract/event-catalogue.ts, docs/events.md "Event catalogue"): every subject
 * declared once with its stream, description and payload schema; the streams agree with the live
 * rows the server modules declare; the subject names the domains use are all in it; emitters and
 * consumers are typed by it (the `@ts-expect-error` lines fail `tsc` the day they compile); payloads
 * are checked against it outside production only; and docs/events.md's table is the catalogue's.
 *
 * `UPDATE_EVENT_DOCS=1 npx vitest run tests/unit/event-catalogue.test.ts` rewrites that table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  ALERT_SUBJECTS,
  EVENT_CATALOGUE,
  EVENT_SUBJECTS,
  WEBHOOK_SUBJECTS,
  isEventSubject,
  subjectsMatching,
  type EventData,
  type EventSubject,
  type SubjectsMatching,
} from '../../contract/event-catalogue';
import { DLQ_EVENTS, STREAM_NAMES, WEBHOOK_EVENTS, isPlatformSubject } from '../../contract/events';
import { CONNECTOR_ALERT_SUBJECT, LISTING_EVENTS, MAP_ALERT_SUBJECT, MARKETPLACE_EVENTS } from '../../contract/listings';
import { BUY_BOX_ALERT_SUBJECT, PRICING_EVENTS } from '../../contract/pricing';
import { FULFILLMENT_EVENTS, LABEL_EVENTS, RETURN_EVENTS } from '../../contract/fulfillment-events';
import { isValidSubject } from '../../contract/subjects';
import { apiModules } from '../../server/api/routes';
import { liveRoutesOf } from '../../server/api/module';
import { streamOf, setLiveRoutes } from '../../server/events/live-table';
import { CHECK_PAYLOADS, EventPayloadError, checksPayloads, newEvent, untypedEvent, type Emit } from '../../server/events/outbox';
import { defineConsumer, type MessageFor } from '../../server/events/types';
import { compileMatcher } from '../../server/events/subjects';
import { RECONCILIATION_ALERT_SUBJECT, RECONCILIATION_EVENTS } from '../../contract/reconciliation-events';
import { AGENT_EVENTS, COMPETITOR_ALERT_SUBJECT, STOCKOUT_ALERT_SUBJECT } from '../../contract/agents-events';

const DOC = join(__dirname, '../../docs/events.md');

/** A payload's fields as the table lists them: `name`, `name?` when it may be absent. */
function fieldsOf(schema: z.ZodType): string {
  const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
  return Object.entries(shape)
    .map(([k, v]) => `\`${k}${v.safeParse(undefined).success ? '?' : ''}\``)
    .join(', ');
}

/** docs/events.md's table, rendered from the catalogue. */
function table(): string {
  const rows = EVENT_SUBJECTS.map((s) => {
    const e = EVENT_CATALOGUE[s];
    return `| \`${s}\` | ${e.stream} | ${e.description.replaceAll('|', '\\|')} | ${fieldsOf(e.payload)} |`;
  });
  return ['| subject | stream | what happened | payload fields (`?`: may be absent) |', '|---|---|---|---|', ...rows].join('\n');
}

describe('the event catalogue', () => {
  it('declares every subject once, well formed, with a stream, one line and a strict object payload', () => {
    expect(EVENT_SUBJECTS.length).toBeGreaterThan(40);
    expect(new Set(EVENT_SUBJECTS).size).toBe(EVENT_SUBJECTS.length);
    for (const s of EVENT_SUBJECTS) {
      const e = EVENT_CATALOGUE[s];
      expect(isValidSubject(s), s).toBe(true);
      expect(s.split('.'), s).toHaveLength(2);
      expect(STREAM_NAMES, s).toContain(e.stream);
      expect(e.description.trim().length, s).toBeGreaterThan(10);
      expect(e.description, s).not.toMatch(/\n/);
      expect(e.payload, s).toBeInstanceOf(z.ZodObject);
      // strict: a field the schema does not name is refused, so the schema names every field emitted
      expect((e.payload as z.ZodObject).def.catchall?._zod.def.type, s).toBe('never');
    }
  });

  it('stores each subject in the stream the server modules route its prefix to', () => {
    const table = setLiveRoutes(liveRoutesOf(apiModules));
    for (const s of EVENT_SUBJECTS) {
      expect(table.streamOf(s), s).toBe(EVENT_CATALOGUE[s].stream);
      expect(streamOf(s), s).toBe(EVENT_CATALOGUE[s].stream);
    }
    // a subject outside the catalogue goes by its prefix's row (the tests' synthetic ones)
    expect(streamOf('jobs.anything')).toBe('JOBS');
    expect(streamOf('alerts.raised')).toBe('ALERTS');
    // a module whose row sent a prefix elsewhere than its subjects' stream is refused at start
    expect(() => setLiveRoutes([...liveRoutesOf(apiModules).filter((r) => r.prefix !== 'orders'), { prefix: 'orders', stream: 'JOBS', sse: 'jobs', resource: 'orders' }])).toThrow(/orders.created is declared on ORDERS, routed to JOBS/);
    setLiveRoutes(liveRoutesOf(apiModules));
  });

  it('holds every subject the domains name', () => {
    const named = [
      ...Object.values(DLQ_EVENTS),
      ...Object.values(WEBHOOK_EVENTS),
      ...Object.values(LISTING_EVENTS),
      ...Object.values(MARKETPLACE_EVENTS),
      ...Object.values(PRICING_EVENTS),
      ...Object.values(FULFILLMENT_EVENTS),
      ...Object.values(LABEL_EVENTS),
      ...Object.values(RETURN_EVENTS),
      MAP_ALERT_SUBJECT,
      CONNECTOR_ALERT_SUBJECT,
      BUY_BOX_ALERT_SUBJECT,
      ...Object.values(RECONCILIATION_EVENTS),
      RECONCILIATION_ALERT_SUBJECT,
      ...Object.values(AGENT_EVENTS),
      STOCKOUT_ALERT_SUBJECT,
      COMPETITOR_ALERT_SUBJECT,
    ];
    expect(named.filter((s) => !isEventSubject(s))).toEqual([]);
    expect([...ALERT_SUBJECTS].sort()).toEqual(['alerts.buy_box_drop', 'alerts.competitor_change', 'alerts.connector_failed', 'alerts.fulfillment_failed', 'alerts.map_violation', 'alerts.reconciliation_problem', 'alerts.stockout_risk']);
    expect(WEBHOOK_SUBJECTS.some(isPlatformSubject)).toBe(false);
    expect(WEBHOOK_SUBJECTS.length + EVENT_SUBJECTS.filter(isPlatformSubject).length).toBe(EVENT_SUBJECTS.length);
  });

  it('matches patterns as the server\'s filters do', () => {
    for (const p of ['orders.*', 'orders.>', '*.created', '>', 'labels.tracking', 'nothing.*', '*.*.*']) {
      const m = compileMatcher([p]);
      expect(subjectsMatching(p), p).toEqual(EVENT_SUBJECTS.filter((s) => m(s)));
    }
    expect(subjectsMatching('orders.*')).toEqual(['orders.created', 'orders.updated', 'orders.status_changed', 'orders.cancelled']);
  });

  it('is the table of docs/events.md, as the server\'s live routing table is', () => {
    const doc = readFileSync(DOC, 'utf8');
    const live = setLiveRoutes(liveRoutesOf(apiModules)).routes.map((r) => `| ${r.prefix} | ${r.stream} | ${r.sse} | ${r.resource ?? '—'} |`);
    const expected = [
      ['event-catalogue', table()],
      ['live-routes', ['| prefix | stream | SSE event | resource |', '|---|---|---|---|', ...live].join('\n')],
    ].reduce((text, [block, body]) => {
      const [start, end] = [`<!-- ${block}:start -->`, `<!-- ${block}:end -->`];
      expect(text.includes(start) && text.includes(end), `docs/events.md has no ${start} … ${end} block`).toBe(true);
      return `${text.slice(0, text.indexOf(start))}${start}\n${body}\n${text.slice(text.indexOf(end))}`;
    }, doc);
    if (process.env.UPDATE_EVENT_DOCS) writeFileSync(DOC, expected);
    expect(doc, 'docs/events.md differs from the catalogue or the live routes: UPDATE_EVENT_DOCS=1 npx vitest run tests/unit/event-catalogue.test.ts').toBe(expected);
  });
});

describe('payloads are checked against the catalogue outside production only', () => {
  it('checks under the test runner, in development and on request; never in production', () => {
    expect(CHECK_PAYLOADS).toBe(true);
    expect(checksPayloads({ VITEST: 'true' })).toBe(true);
    expect(checksPayloads({ NODE_ENV: 'development' })).toBe(true);
    expect(checksPayloads({ EVENTS_CHECK_PAYLOADS: '1' })).toBe(true);
    expect(checksPayloads({})).toBe(false);
    expect(checksPayloads({ NODE_ENV: 'production', EVENTS_CHECK_PAYLOADS: '1', VITEST: 'true' })).toBe(false);
    expect(checksPayloads({ VITEST: 'true', EVENTS_CHECK_PAYLOADS: '0' })).toBe(false);
  });

  it('refuses a payload its schema refuses, as a consumer would read it back', () => {
    const ok = newEvent('orders.status_changed', { id: 'O-1', from: 'pending', to: 'routed', reason: null });
    expect(JSON.parse(ok.json)).toEqual({ id: 'O-1', from: 'pending', to: 'routed', reason: null });
    // a field left undefined is absent from the JSON: fine where the schema says it may be absent
    expect(() => newEvent('orders.cancelled', { id: 'O-1', from: 'pending', reason: undefined })).not.toThrow();
    const wrong = { id: 'O-1', from: 'pending', to: 'nowhere', reason: null } as unknown as { id: string; from: 'pending'; to: 'routed'; reason: null };
    expect(() => newEvent('orders.status_changed', wrong)).toThrow(EventPayloadError);
    expect(() => newEvent('orders.status_changed', wrong)).toThrow(/orders.status_changed.*to/);
    const extra = { id: 'O-1', from: 'pending', to: 'routed', reason: null, total: 5 } as { id: string; from: 'pending'; to: 'routed'; reason: null };
    expect(() => newEvent('orders.status_changed', extra)).toThrow(/total/);
    expect(() => newEvent('orders.nothing' as EventSubject, {} as never)).toThrow(/not in the event catalogue/);
    // the tests' synthetic subjects go through the untyped door, unchecked
    expect(untypedEvent('jobs.probe', { anything: true }).json).toBe('{"anything":true}');
  });
});

describe('emitters and consumers are typed by the catalogue', () => {
  it('refuses an unknown subject or a wrong payload at compile time', () => {
    const emit: Emit = async () => undefined;
    void emit('orders.status_changed', { id: 'O-1', from: 'pending', to: 'routed', reason: null });
    // @ts-expect-error an unknown subject
    void emit('orders.creatd', { id: 'O-1', marketplace: 'ebay', source: 'marketplace' });
    // @ts-expect-error a status that does not exist
    void emit('orders.status_changed', { id: 'O-1', from: 'pending', to: 'nowhere', reason: null });
    // @ts-expect-error a field missing
    void emit('orders.status_changed', { id: 'O-1', from: 'pending', to: 'routed' });
    // @ts-expect-error a field the payload does not have
    void emit('orders.status_changed', { id: 'O-1', from: 'pending', to: 'routed', reason: null, total: 5 });
    // @ts-expect-error the payload of another subject (never called: it would throw at run time too)
    void (() => newEvent('labels.bought', { id: 'O-1', from: 'pending', to: 'routed', reason: null }));
    expect(true).toBe(true);
  });

  it('hands a consumer msg.data typed by its filters, narrowed by the subject', () => {
    expectTypeOf<SubjectsMatching<'orders.*'>>().toEqualTypeOf<'orders.created' | 'orders.updated' | 'orders.status_changed' | 'orders.cancelled'>();
    expectTypeOf<SubjectsMatching<'*.po_placed' | 'labels.>'>>().toEqualTypeOf<'fulfillment.po_placed' | 'labels.bought' | 'labels.voided' | 'labels.tracking'>();
    expectTypeOf<SubjectsMatching<'>'>>().toEqualTypeOf<EventSubject>();
    expectTypeOf<SubjectsMatching<'jobs.*'>>().toBeNever();
    expectTypeOf<MessageFor<'orders.status_changed'>['data']>().toEqualTypeOf<EventData<'orders.status_changed'>>();
    // patterns that match nothing of the catalogue (the tests' synthetic subjects): untyped
    expectTypeOf<MessageFor<'jobs.*'>['data']>().toBeUnknown();
    const def = defineConsumer({
      name: 'typed',
      filterSubjects: ['orders.*', 'fulfillment.released'],
      async handle(msg) {
        if (msg.subject === 'fulfillment.released') expectTypeOf(msg.data.by).toBeString();
        else if (msg.subject === 'orders.status_changed') expectTypeOf(msg.data.to).toEqualTypeOf<EventData<'orders.status_changed'>['to']>();
        // @ts-expect-error not a field of any orders.* or fulfillment.released payload
        void msg.data.nothing;
      },
    });
    expect(def.filterSubjects).toEqual(['orders.*', 'fulfillment.released']);
  });
});
