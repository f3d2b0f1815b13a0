/**
 * Server-sent streams — spec §7.3, DESIGN §5/§8: `/api/stream/alerts`, `/api/stream/agents`
 * (also metrics, jobs, events) and `/api/stream?streams=alerts,metrics,agents,jobs`.
 * Auth by `?token=` (EventSource sends no headers; authenticate.ts accepts it here), tenant from
 * the profile. `id:` = event sequence; `lastEventId` (query) or `Last-Event-ID` (header) resumes
 * with no gap and no duplicate; `retry:`; heartbeat every 15 s; `X-Accel-Buffering: no`.
 * Any signed-in user may listen: the dashboard (sign-in only) uses the combined stream.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiModule } from '../module';
import { badRequest } from '../errors';
import { SSE_STREAMS, isSseStream, type SseStream } from '../../events/sse-streams';

const streamQuery = z.object({
  token: z.string().optional(),
  lastEventId: z.string().regex(/^\d*$/, 'lastEventId must be an event sequence').optional(),
  streams: z.string().max(200).optional(),
});

function parseStreams(raw: string | undefined): SseStream[] {
  if (!raw) return ['alerts', 'metrics', 'agents', 'jobs'];
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = names.filter((n) => !isSseStream(n));
  if (bad.length > 0 || names.length === 0) throw badRequest(`Unknown stream ${bad.join(', ')}; streams are ${SSE_STREAMS.join(', ')}`);
  return names as SseStream[];
}

function lastEventIdOf(req: FastifyRequest, q: string | undefined): number | null {
  const h = req.headers['last-event-id'];
  const raw = q || (typeof h === 'string' ? h : '');
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

const streamSse: ApiModule = (api) => {
  const open = async (req: FastifyRequest, reply: FastifyReply, tenantId: string, streams: SseStream[], lastEventId: string | undefined) => {
    const rt = api.app.events;
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-correlation-id': req.correlationId,
    });
    reply.raw.socket?.setNoDelay(true);
    await rt.hub.attach(reply.raw, tenantId, streams, lastEventIdOf(req, lastEventId), rt.tail.position);
  };

  api.route({
    method: 'GET',
    url: '/stream',
    query: streamQuery,
    noTransaction: true,
    async handler({ req, reply, auth, query }) {
      await open(req, reply, auth.tenantId, parseStreams(query.streams), query.lastEventId);
    },
  });

  api.route({
    method: 'GET',
    url: '/stream/:name',
    params: z.object({ name: z.enum(SSE_STREAMS) }),
    query: streamQuery,
    noTransaction: true,
    async handler({ req, reply, auth, params, query }) {
      await open(req, reply, auth.tenantId, [params.name], query.lastEventId);
    },
  });
};

export default streamSse;
