/**
 * Streams API (docs/events.md "Decisions"; permission ops:streams): the event-log streams with
 * message counts, the consumers with lag, the subjects seen, and the paged events themselves —
 * all for the caller's tenant. Permission ops:streams (agent, admin). Every number here (event ids,
 * `since`, first / last of a stream or subject) is the tenant's own (`tenant_seq`), never the log's
 * `seq`, which counts every tenant's writes (docs/events.md "Ids a tenant sees").
 */
import { EVENTS_COUNT_CAP, eventParams, eventsQuery } from '../../../contract/streams';
import { STREAM_NAMES, sseStreamOf } from '../../../contract/events';
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { notFound } from '../errors';
import { wireEvent, toRecord, EVENT_COLUMNS, type EventRow } from '../../events/records';
import { subjectFilterRegex } from '../../events/subjects';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { consumerInfo, eventRow, streamInfo, subjectStat } from '../../../contract/streams';


const COUNT_CAP = EVENTS_COUNT_CAP;

interface StreamStat { stream: string; messages: number; bytes: number; first_seq: number; last_seq: number; last_at: string | Date }
interface SubjectStat { subject: string; stream: string; messages: number; first_seq: number; last_seq: number; last_at: string | Date }

const streams: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/streams',
    access: 'ops:streams',
    answer: listAnswer(streamInfo),
    async handler({ tx, auth }) {
      const stats = await tx.query<StreamStat>('select * from event_stream_stats where tenant_id = $1', [auth.tenantId]);
      const subjects = await tx.query<{ stream: string; subject: string }>(
        'select stream, subject from event_subject_stats where tenant_id = $1 order by subject',
        [auth.tenantId],
      );
      const engine = api.app.events.engine;
      const data = STREAM_NAMES.map((name) => {
        const s = stats.rows.find((r) => r.stream === name);
        return {
          name,
          subjects: subjects.rows.filter((r) => r.stream === name).map((r) => r.subject),
          messages: Number(s?.messages ?? 0),
          bytes: Number(s?.bytes ?? 0),
          first_seq: Number(s?.first_seq ?? 0),
          last_seq: Number(s?.last_seq ?? 0),
          last_at: s ? new Date(s.last_at).toISOString() : null,
          sse_stream: sseStreamOf(name),
          engine: engine.kind,
        };
      });
      return list(data, data.length, data.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/streams/consumers',
    access: 'ops:streams',
    answer: listAnswer(consumerInfo),
    noTransaction: true,
    async handler({ auth }) {
      const data = await api.app.events.engine.consumerStats(auth.tenantId);
      return list(data, data.length, data.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/streams/subjects',
    access: 'ops:streams',
    answer: listAnswer(subjectStat),
    async handler({ tx, auth }) {
      const { rows } = await tx.query<SubjectStat>('select * from event_subject_stats where tenant_id = $1 order by subject', [auth.tenantId]);
      const data = rows.map((r) => ({
        subject: r.subject,
        stream: r.stream,
        messages: Number(r.messages),
        first_seq: Number(r.first_seq),
        last_seq: Number(r.last_seq),
        last_at: new Date(r.last_at).toISOString(),
      }));
      return list(data, data.length, data.length, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/streams/events',
    access: 'ops:streams',
    answer: listAnswer(eventRow),
    query: eventsQuery,
    async handler({ tx, auth, query }) {
      const where = ['tenant_id = $1'];
      const params: unknown[] = [auth.tenantId];
      const add = (sql: string, v: unknown) => {
        params.push(v);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (query.stream) add('stream = ?', query.stream);
      if (query.subject) add('subject ~ ?', subjectFilterRegex(query.subject));
      if (query.since !== undefined) {
        // the tenant's numbers; the log position of the event numbered `since` bounds the index range
        // (tenant_id, stream | subject, seq) the page is read from, in the same order
        add('tenant_seq > ?', query.since);
        where.push(`seq > coalesce((select p.seq from events p where p.tenant_id = $1 and p.tenant_seq <= $${params.length} order by p.tenant_seq desc limit 1), 0)`);
      }
      if (query.from) add('created_at >= ?', query.from);
      if (query.to) add('created_at < ?', query.to);
      const w = where.join(' and ');
      const { rows } = await tx.query<EventRow>(
        `select ${EVENT_COLUMNS} from events where ${w} order by seq ${query.order} limit ${query.limit} offset ${query.offset}`,
        params,
      );
      // capped count: exact below 10,000 (docs/scaling.md: no unbounded count per page)
      const c = await tx.query<{ n: number }>(`select count(*) as n from (select 1 from events where ${w} limit ${COUNT_CAP + 1}) x`, params);
      const data = rows.map((r) => {
        const e = toRecord(r);
        return { ...wireEvent(e), stream: e.stream, correlation_id: e.correlationId, causation_id: e.causationId };
      });
      return list(data, Math.min(Number(c.rows[0].n), COUNT_CAP), query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/streams/events/:seq',
    access: 'ops:streams',
    answer: oneAnswer(eventRow),
    params: eventParams,
    async handler({ tx, auth, params }) {
      // `seq` in the address is the tenant's number of the event (the `id` of the list)
      const { rows } = await tx.query<EventRow>(`select ${EVENT_COLUMNS} from events where tenant_id = $1 and tenant_seq = $2`, [auth.tenantId, params.seq]);
      if (!rows[0]) throw notFound('Event');
      const e = toRecord(rows[0]);
      return one({ ...wireEvent(e), stream: e.stream, correlation_id: e.correlationId, causation_id: e.causationId });
    },
  });
};

export default defineModule({ name: 'streams', routes: streams });
