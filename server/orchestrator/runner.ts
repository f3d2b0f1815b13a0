/**
 * Answers one request in a conversation (docs/orchestrator.md "API"): stores the member's
 * message, lets the engine (the embedded one, or the model with LLM_BASE_URL) pick tools, runs them
 * through executeTool, streams the words as tokens, and stores the answer with its tool calls —
 * also when the request was closed midway (what was said so far).
 */
import { setImmediate as yieldTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Message, ToolCall } from '../../contract/orchestrator';
import type { Config } from '../config';
import type { Db } from '../db';
import type { AuthInfo } from '../api/context';
import { apiCaller } from './api-caller';
import { plan } from './engine';
import { executeTool, type Executed, type ExecuteScope } from './execute';
import { llmAnswer, type ChatMessage } from './llm';
import { insertMessage, listMessages, storedReply } from './store';
import { HttpError } from '../api/errors';
import { sayCall } from './wording';

export type OrchestratorEvent = 'message' | 'tool_call' | 'token' | 'done' | 'error';

export interface AnswerInput {
  app: FastifyInstance;
  db: Db;
  config: Config;
  auth: AuthInfo;
  /** The member's own Authorization header: tools call the API as them. */
  authorization: string;
  correlationId?: string;
  conversationId: string;
  text: string;
  signal: AbortSignal;
  send(event: OrchestratorEvent, data: unknown): void;
  now?: Date;
  /** The request's Idempotency-Key: a retry is answered with the stored answer (docs/orchestrator.md "API"). */
  idempotencyKey?: string;
}

/** A retried request: the answer stored for it, or 409 while the first is still being answered. */
async function replayed(i: AnswerInput): Promise<Message> {
  const m = await storedReply(i.db.reader({ tenantId: i.auth.tenantId, userId: i.auth.userId }), i.auth.tenantId, i.conversationId, i.idempotencyKey!);
  if (!m) throw new HttpError(409, 'idempotency_in_progress', 'This request is still being answered; wait for its answer.');
  i.send('done', m);
  return m;
}

/** Words of a sentence as the pieces streamed (each with its following space). */
const pieces = (s: string) => s.match(/\S+\s*/g) ?? [];

export async function answer(i: AnswerInput): Promise<Message> {
  const { auth, db } = i;
  const txOpts = { tenantId: auth.tenantId, userId: auth.userId };
  const user = await db.transaction((tx) => insertMessage(tx, auth.tenantId, i.conversationId, 'user', i.text, [], { key: i.idempotencyKey }), txOpts);
  if (!user) return replayed(i);
  i.send('message', { id: user.id, role: 'user', text: i.text, tool_calls: [], created_at: user.created_at } satisfies Message);

  const now = i.now ?? new Date();
  const scope: ExecuteScope = {
    db, tenantId: auth.tenantId, userId: auth.userId, role: auth.role, dangerOn: i.config.orchestratorDanger, conversationId: i.conversationId,
    tool: { api: apiCaller(i.app, { authorization: i.authorization, tenantId: auth.tenantId, correlationId: i.correlationId }), now },
    log: i.app.log,
  };
  let said = '';
  const token = (t: string) => {
    if (i.signal.aborted || !t) return;
    said += t;
    i.send('token', { text: t });
  };
  const calls: Executed[] = [];
  const onCall = (e: Executed) => {
    calls.push(e);
    if (!i.signal.aborted) i.send('tool_call', e.call);
  };
  const speak = async (s: string) => {
    for (const p of pieces(s)) {
      if (i.signal.aborted) return;
      token(p);
      await yieldTurn();
    }
  };

  try {
    if (i.config.llm) {
      const history = await priorTurns(db, auth, i.conversationId, user.id);
      await llmAnswer(i.config.llm, scope, history, i.text, i.signal, token, onCall);
      if (!said && calls.length) await speak(calls.map((c) => sayCall(c.call)).join(' '));
    } else {
      const p = plan(i.text, { role: auth.role, dangerOn: scope.dangerOn, now });
      if (p.kind === 'call' || p.kind === 'refused') {
        const e = await executeTool(scope, p.tool, p.input);
        onCall(e);
        await speak(sayCall(e.call));
      } else {
        await speak(p.text);
      }
    }
  } catch (e) {
    if (!i.signal.aborted) {
      const message = i.config.llm ? 'The assistant model could not be reached; try again in a moment.' : 'Something went wrong while answering; try again.';
      i.send('error', { code: 'orchestrator_failed', message });
      if (!said) said = message;
      i.app.log.warn({ err: e }, 'orchestrator: the answer failed');
    }
  }

  const stored = calls.map((c) => c.stored);
  const saved = (await db.transaction((tx) => insertMessage(tx, auth.tenantId, i.conversationId, 'assistant', said, stored, { replyTo: user.id }), txOpts))!;
  const message: Message = { id: saved.id, role: 'assistant', text: said, tool_calls: calls.map((c): ToolCall => c.call), created_at: saved.created_at };
  if (!i.signal.aborted) i.send('done', message);
  return message;
}

/** The conversation so far as the model reads it (its last 20 messages, words only). */
async function priorTurns(db: Db, auth: AuthInfo, conversationId: string, skip: string): Promise<ChatMessage[]> {
  const { rows } = await listMessages(db.reader({ tenantId: auth.tenantId, userId: auth.userId }), auth.tenantId, conversationId, 500, 0);
  return rows.filter((m) => m.id !== skip && m.text).slice(-20).map((m) => ({ role: m.role, content: m.text }));
}
