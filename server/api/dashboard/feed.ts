/**
 * The dashboard's feed and dead-letter notice (docs/alerts.md "Dashboard"), for every signed-in user
 * of the tenant: GET /api/dashboard/events — the newest events of what happens to orders,
 * fulfillment, listings and prices, and alerts, each a line in the seller's words
 * (./event-summary.ts) — and GET /api/dashboard/dlq — dead letters waiting and the consumers' lag.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { SIGNED_IN } from '../../../contract/permissions';
import { dashboardEvent, dashboardEventsQuery, dlqNotice, FEED_STREAMS } from '../../../contract/dashboard-feed';
import { EVENT_COLUMNS, toRecord, type EventRow } from '../../events/records';
import { pendingDeadLetters } from '../../events/dlq-store';
import { eventLine } from './event-summary';

const feed: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/dashboard/events',
    access: SIGNED_IN,
    answer: listAnswer(dashboardEvent),
    query: dashboardEventsQuery,
    async handler({ tx, auth, query, reply }) {
      reply.header('cache-control', 'no-store');
      // the clocks' ticks are the sandbox's heartbeat, not news (the streams page shows them)
      const { rows } = await tx.query<EventRow>(
        `select ${EVENT_COLUMNS} from events
          where tenant_id = $1 and stream = any($2::text[]) and subject not like '%.ticked'
          order by seq desc limit ${query.limit}`,
        [auth.tenantId, [...FEED_STREAMS]],
      );
      const data = rows.map((r) => {
        const e = toRecord(r);
        const line = eventLine(e.subject, e.data);
        return { id: e.tenantSeq, subject: e.subject, summary: line.summary, timestamp: e.timestamp, severity: line.severity, metadata: { stream: e.stream, link: line.link } };
      });
      return list(data, data.length, query.limit, 0);
    },
  });

  api.route({
    method: 'GET',
    url: '/dashboard/dlq',
    access: SIGNED_IN,
    answer: oneAnswer(dlqNotice),
    async handler({ tx, auth, reply }) {
      reply.header('cache-control', 'no-store');
      const [pending, consumers] = await Promise.all([pendingDeadLetters(tx, auth.tenantId), api.app.events.dashboardConsumerStats(auth.tenantId)]);
      return one({ pending, consumer_lag: consumers.reduce((a, c) => a + c.lag, 0) });
    },
  });
};

export default defineModule({ name: 'dashboard-feed', routes: feed });
