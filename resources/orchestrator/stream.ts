/**
 * The assistant's streamed answer: `POST /orchestrator/conversations/:id/messages` with
 * `Accept: text/event-stream`, read as it arrives (eventsource-parser). The API client reads whole
 * bodies, so this one request goes through the console's logged fetch (providers/console-fetch.ts,
 * docs/api-client.md "Request log") with the client's own headers: session token (refreshed once on
 * a 401), tenant, correlation id, idempotency key and CSRF token (docs/api-conventions.md).
 * Aborting the signal closes the request, which cancels the answer on the server.
 */
import { createParser } from 'eventsource-parser';
import type { CsrfAnswer } from '../../contract/api';
import { ApiError, uuidV4 } from '../../providers/api';
import { apiErrorFrom } from '../../providers/api/errors';
import { buildHeaders } from '../../providers/api/headers';
import { apiClient } from '../../providers/app-client';
import { getProfile } from '../../providers/auth/profile-store';
import { appConfig } from '../../providers/config';
import { consoleFetch } from '../../providers/console-fetch';
import { supabase } from '../../providers/supabase';
import type { Message, ToolCall } from './types';

export type StreamEvent =
  | { type: 'message'; data: Message }
  | { type: 'tool_call'; data: ToolCall }
  | { type: 'token'; data: { text: string } }
  | { type: 'done'; data: Message }
  | { type: 'error'; data: { code: string; message: string } };

const EVENTS = new Set(['message', 'tool_call', 'token', 'done', 'error']);
const uuid = () => uuidV4((bytes) => crypto.getRandomValues(bytes));

async function csrfToken(): Promise<string | null> {
  const stored = apiClient.csrf.get();
  if (stored) return stored;
  try {
    const a = await apiClient.get<CsrfAnswer>('/csrf', { tenant: false });
    apiClient.csrf.set(a.token, a.expires_at);
    return a.token;
  } catch {
    // the server checks it for cookie sessions only: the request still goes out
    return null;
  }
}

async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return apiErrorFrom(res.status, res.statusText, body);
}

/** Sends `text` and calls `onEvent` for each event of the answer, in order; resolves when the stream ends. */
export async function streamAnswer(conversationId: string, text: string, signal: AbortSignal, onEvent: (e: StreamEvent) => void): Promise<void> {
  const idempotencyKey = uuid();
  const correlationId = uuid();
  const csrf = await csrfToken();
  const send = (token: string | null) =>
    consoleFetch(apiClient.url(`/orchestrator/conversations/${encodeURIComponent(conversationId)}/messages`), {
      method: 'POST',
      headers: buildHeaders({
        method: 'POST',
        clientVersion: appConfig.version,
        token,
        tenantId: getProfile()?.tenantId ?? null,
        correlationId,
        idempotencyKey,
        csrfToken: csrf,
        extra: { Accept: 'text/event-stream' },
      }),
      body: JSON.stringify({ text }),
      credentials: 'include',
      signal,
    });

  let token = (await supabase.auth.getSession()).data.session?.access_token ?? null;
  let res = await send(token);
  if (res.status === 401 && token) {
    const { data, error } = await supabase.auth.refreshSession();
    token = error ? null : (data.session?.access_token ?? null);
    if (token) res = await send(token);
  }
  if (!res.ok) throw await readError(res);
  if (!res.body) throw new Error('The answer could not be read. Please try again.');

  const parser = createParser({
    onEvent(ev) {
      const type = ev.event ?? 'message';
      if (!EVENTS.has(type)) return;
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        return;
      }
      onEvent({ type, data } as StreamEvent);
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
}
