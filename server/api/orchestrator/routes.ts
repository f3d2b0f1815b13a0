/**
 * The AI orchestrator's API (docs/orchestrator.md "API"): the tools the caller's role may use, the
 * caller's own conversations and messages (the answer streamed as server-sent events), and the
 * confirmation or cancellation of a proposed write. Every route is open to every signed-in member
 * (the page is everyone's: docs/product/routes-and-roles.md); what each may do is the tools' own
 * permissions. All answer 409 `feature_disabled` while the store's enableOrchestrator flag is off.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { HttpError, notFound } from '../errors';
import { requireFlag } from '../flags/repository';
import { MAX_KEY_LENGTH } from '../idempotency';
import type { Db } from '../../db';
import type { AuthInfo } from '../context';
import { SIGNED_IN } from '../../../contract/permissions';
import { listAnswer, oneAnswer } from '../../../contract/api';
import {
  actionParams, conversation, conversationCreateBody, conversationListQuery, conversationParams, message, messageBody, messageListQuery, pendingAction, suggestion, toolInfo,
} from '../../../contract/orchestrator';
import { TOOLS } from '../../orchestrator/tools';
import { allowedFor, toolInfo as describeTool } from '../../orchestrator/tool-kit';
import { suggestionsFor } from '../../orchestrator/engine';
import { createConversation, listConversations, listMessages, ownConversation } from '../../orchestrator/store';
import { answer, type OrchestratorEvent } from '../../orchestrator/runner';
import { cancelAction, confirmAction } from '../../orchestrator/confirm';

const WHAT = 'The AI Orchestrator';

const orchestrator: ApiModule = (api) => {
  const { db, config } = api.services;
  /** 409 feature_disabled in words while the flag is off (docs/settings.md "Feature flags"). */
  const gate = (auth: AuthInfo) => requireFlag(db.reader({ tenantId: auth.tenantId, userId: auth.userId }), auth.tenantId, 'enableOrchestrator', WHAT);

  api.route({
    method: 'GET',
    url: '/orchestrator/tools',
    access: SIGNED_IN,
    answer: z.object({ data: z.array(toolInfo) }),
    async handler({ auth }) {
      await gate(auth);
      return { data: TOOLS.filter((t) => allowedFor(auth.role, t)).map((t) => describeTool(t, config.orchestratorDanger)) };
    },
  });

  api.route({
    method: 'GET',
    url: '/orchestrator/suggestions',
    access: SIGNED_IN,
    answer: z.object({ data: z.array(suggestion) }),
    async handler({ auth }) {
      await gate(auth);
      return { data: suggestionsFor(auth.role, config.orchestratorDanger, 6).map((text) => ({ text })) };
    },
  });

  api.route({
    method: 'GET',
    url: '/orchestrator/conversations',
    access: SIGNED_IN,
    query: conversationListQuery,
    answer: listAnswer(conversation),
    async handler({ tx, auth, query }) {
      await gate(auth);
      const r = await listConversations(tx, auth.tenantId, auth.userId, query.limit, query.offset);
      return list(r.rows, r.total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'POST',
    url: '/orchestrator/conversations',
    access: SIGNED_IN,
    body: conversationCreateBody,
    answer: oneAnswer(conversation),
    async handler({ tx, auth, body, status }) {
      await requireFlag(tx, auth.tenantId, 'enableOrchestrator', WHAT);
      status(201);
      return one(await createConversation(tx, auth.tenantId, auth.userId, body.title ?? ''));
    },
  });

  api.route({
    method: 'GET',
    url: '/orchestrator/conversations/:id/messages',
    access: SIGNED_IN,
    params: conversationParams,
    query: messageListQuery,
    answer: listAnswer(message),
    async handler({ tx, auth, params, query }) {
      await gate(auth);
      if (!(await ownConversation(tx, auth.tenantId, auth.userId, params.id))) throw notFound('Conversation');
      const r = await listMessages(tx, auth.tenantId, params.id, query.limit, query.offset);
      return list(r.rows, r.total, query.limit, query.offset);
    },
  });

  api.route({
    method: 'POST',
    url: '/orchestrator/conversations/:id/messages',
    access: SIGNED_IN,
    params: conversationParams,
    body: messageBody,
    answer: oneAnswer(message),
    // long work (tools call the API): no transaction held; the messages are stored in their own short ones
    noTransaction: true,
    lock: false,
    async handler({ auth, params, body, req, reply, status }) {
      await gate(auth);
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && key.length > MAX_KEY_LENGTH) {
        throw new HttpError(400, 'validation_failed', `Idempotency-Key is too long (max ${MAX_KEY_LENGTH})`, [{ field: 'Idempotency-Key', message: `At most ${MAX_KEY_LENGTH} characters`, code: 'too_big' }]);
      }
      if (!(await ownConversation(db.reader({ tenantId: auth.tenantId, userId: auth.userId }), auth.tenantId, auth.userId, params.id))) throw notFound('Conversation');
      const base = { app: api.app, db, config, auth, authorization: String(req.headers.authorization ?? ''), correlationId: req.correlationId, conversationId: params.id, text: body.text, idempotencyKey: typeof req.headers['idempotency-key'] === 'string' && req.headers['idempotency-key'] ? req.headers['idempotency-key'] : undefined };
      const controller = new AbortController();
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
        status(201);
        return one(await answer({ ...base, signal: controller.signal, send: () => {} }));
      }
      openStream(reply, req.correlationId);
      // the member closed the request: stop answering (what was said so far is stored)
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const send = (event: OrchestratorEvent, data: unknown) => {
        if (!reply.raw.destroyed && !reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      try {
        await answer({ ...base, signal: controller.signal, send });
      } catch (e) {
        if (e instanceof HttpError) send('error', { code: e.code, message: e.message });
        else {
          req.log.warn({ err: e }, 'orchestrator: the stream failed');
          send('error', { code: 'orchestrator_failed', message: 'Something went wrong while answering; try again.' });
        }
      }
      if (!reply.raw.writableEnded) reply.raw.end();
      return one(undefined as never);
    },
  });

  api.route({
    method: 'POST',
    url: '/orchestrator/actions/:id/confirm',
    access: SIGNED_IN,
    params: actionParams,
    answer: oneAnswer(pendingAction),
    // the write calls the API as the member: no transaction held around it; pending → confirmed is a
    // conditional update of its own (server/orchestrator/confirm.ts)
    noTransaction: true,
    lock: false,
    async handler({ auth, params, req }) {
      await gate(auth);
      return one(await confirmAction({ app: api.app, db, auth, authorization: String(req.headers.authorization ?? ''), correlationId: req.correlationId, dangerOn: config.orchestratorDanger, id: params.id }));
    },
  });

  api.route({
    method: 'POST',
    url: '/orchestrator/actions/:id/cancel',
    access: SIGNED_IN,
    params: actionParams,
    answer: oneAnswer(pendingAction),
    noTransaction: true,
    lock: false,
    async handler({ auth, params }) {
      await gate(auth);
      return one(await cancelAction(db as Db, auth, params.id));
    },
  });
};

function openStream(reply: FastifyReply, correlationId: string): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-correlation-id': correlationId,
  });
  reply.raw.socket?.setNoDelay(true);
}

export default defineModule({ name: 'orchestrator', routes: orchestrator });
