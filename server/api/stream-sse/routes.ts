/**
 * Server-sent streams (docs/events.md "SSE"): `/api/stream/alerts`, `/api/stream/agents`
 * (also metrics, jobs, events) and `/api/stream?streams=alerts,metrics,agents,jobs`.
 * Auth by `?token=` (EventSource sends no headers; authenticate.ts accepts it here), tenant from
 * the profile. `id:` = the tenant's own number of the event (`tenant_seq`: other tenants' writes
 * never move it); `lastEventId` (query) or `Last-Event-ID` (header) resumes with no gap and no
 * duplicate (an id above the tenant's newest event resumes from the head; one that is not a whole
 * number below 2^63 is a 400); `retry:`; heartbeat every 15 s; `X-Accel-Buffering: no`.
 * Any signed-in user may listen (the dashboard, sign-in only, uses the combined stream); how far
 * back a resume replays depends on whether the caller may read the events API.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineModule, type ApiModule } from '../module';
import { badRequest, validationError } from '../errors';
import { SSE_STREAMS, isSseStream, type SseStream } from '../../../contract/events';
import { STREAMS } from '../../../contract/constants';
import { hasPermission } from '../../../contract/permissions';
import type { Role } from '../../../contract/roles';
import { SIGNED_IN } from '../../../contract/permissions';

/** An event id: the tenant's number of an event, a bigint, so below 2^63. */
const eventId = z
  .string()
  .regex(/^\d{1,19}$/, 'must be an event id (a whole number)')
  // zod runs a refinement even after the regex failed: only a digit string reaches BigInt
  .refine((s) => !/^\d+$/.test(s) || BigInt(s) < 2n ** 63n, 'must be below 2^63');

const streamQuery = z.object({
  token: z.string().optional(),
  lastEventId: z.union([z.literal(''), eventId]).optional(),
  streams: z.string().max(200).optional(),
});

/**
 * How far back a replay reaches — as far as the events API lets the same caller read: with
 * ops:streams (GET /api/streams/events) the newest 10,000 events; without it only a reconnect's
 * worth, what the client keeps in its own buffer (docs/events.md "SSE").
 */
export const REPLAY_MAX_OPS = 10_000;
export const REPLAY_MAX_DEFAULT = STREAMS.buffer.default;

function parseStreams(raw: string | undefined): SseStream[] {
  if (!raw) return ['alerts', 'metrics', 'agents', 'jobs'];
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = names.filter((n) => !isSseStream(n));
  if (bad.length > 0 || names.length === 0) throw badRequest(`Unknown stream ${bad.join(', ')}; streams are ${SSE_STREAMS.join(', ')}`);
  return names as SseStream[];
}

/** The resume point: the query's `lastEventId` wins over the `Last-Event-ID` header; a bad one is a 400. */
function lastEventIdOf(req: FastifyRequest, q: string | undefined): number | null {
  if (q) return Number(q);
  const h = req.headers['last-event-id'];
  const raw = (Array.isArray(h) ? h[0] : h)?.trim() ?? '';
  if (raw === '') return null;
  const parsed = z.object({ 'Last-Event-ID': eventId }).safeParse({ 'Last-Event-ID': raw });
  if (!parsed.success) throw validationError('query', parsed.error);
  return Number(raw);
}

const streamSse: ApiModule = (api) => {
  const open = async (req: FastifyRequest, reply: FastifyReply, auth: { tenantId: string; role: Role }, streams: SseStream[], lastEventId: string | undefined) => {
    const rt = api.app.events;
    const resumeFrom = lastEventIdOf(req, lastEventId); // validated before the stream opens: a bad id is a plain 400
    const replayMax = hasPermission(auth.role, 'ops:streams') ? REPLAY_MAX_OPS : REPLAY_MAX_DEFAULT;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-correlation-id': req.correlationId,
    });
    reply.raw.socket?.setNoDelay(true);
    await rt.hub.attach(reply.raw, auth.tenantId, streams, resumeFrom, rt.tail.position, replayMax);
  };

  api.route({
    method: 'GET',
    url: '/stream',
    access: SIGNED_IN,
    query: streamQuery,
    noTransaction: true,
    async handler({ req, reply, auth, query }) {
      await open(req, reply, auth, parseStreams(query.streams), query.lastEventId);
    },
  });

  api.route({
    method: 'GET',
    url: '/stream/:name',
    access: SIGNED_IN,
    params: z.object({ name: z.enum(SSE_STREAMS) }),
    query: streamQuery,
    noTransaction: true,
    async handler({ req, reply, auth, params, query }) {
      await open(req, reply, auth, [params.name], query.lastEventId);
    },
  });
};

export default defineModule({ name: 'stream-sse', routes: streamSse });
