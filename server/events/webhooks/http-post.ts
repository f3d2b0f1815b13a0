/**
 * One webhook POST over node:http(s) — not fetch — so the connection goes through the guarded
 * lookup (guarded-lookup.ts): the address judged is the address connected to. Address literals in
 * the URL are judged before connecting (node does not look them up). Redirects are never
 * followed: a 3xx is an answer like any other non-2xx (a failure, retried).
 */
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, systemResolver, type Resolver } from './guarded-lookup';
import { checkWebhookUrl } from './url-policy';

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  resolver?: Resolver;
}

export interface PostResult { status: number | null; error: string | null }

/** Agents per policy: keep-alive sockets are reused only for the same host and port, already checked. */
export function webhookAgents(o: PostOptions): { http: http.Agent; https: https.Agent } {
  const lookup = guardedLookup(o.resolver ?? systemResolver, o.allowPrivate);
  return { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) };
}

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  o: PostOptions,
  agents = webhookAgents(o),
): Promise<PostResult> {
  const verdict = checkWebhookUrl(url, o.allowPrivate);
  if (!verdict.ok) return Promise.resolve({ status: null, error: `refused: ${verdict.reason}` });
  const u = new URL(url);
  const mod = u.protocol === 'https:' ? https : http;
  const agent = u.protocol === 'https:' ? agents.https : agents.http;
  return new Promise((resolve) => {
    const req = mod.request(
      u,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(o.timeoutMs),
      },
      (res) => {
        res.resume(); // the answer's body is not used: drain it so the socket can be reused
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', (e) => resolve({ status: res.statusCode ?? null, error: e.message }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      const reason =
        e.name === 'AbortError' || e.name === 'TimeoutError' ? `timeout after ${o.timeoutMs} ms` : e.code === 'EWEBHOOKREFUSED' ? e.message : (e.code ?? e.message);
      resolve({ status: null, error: reason });
    });
    req.end(body);
  });
}
