/**
 * Tools call the product's own API as the signed-in member (docs/orchestrator.md "Tools"): through
 * Fastify's `inject` with the member's own bearer token and tenant, so the same role matrix, tenant
 * scoping, validation, audit, events, idempotency and rate limits apply as for the console.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export class ToolError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Writes carry one; a retried write is then answered, not done again. */
  idempotencyKey?: string;
}

export interface ApiCaller {
  get<T = unknown>(path: string, query?: CallOptions['query']): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, idempotencyKey?: string): Promise<T>;
}

export interface Caller {
  authorization: string;
  tenantId: string;
  correlationId?: string;
}

function qs(query: CallOptions['query']): string {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function apiCaller(app: FastifyInstance, who: Caller): ApiCaller {
  const call = async <T>(method: 'GET' | 'POST', path: string, o: CallOptions): Promise<T> => {
    const headers: Record<string, string> = { authorization: who.authorization, 'x-tenant-id': who.tenantId };
    if (who.correlationId) headers['x-correlation-id'] = who.correlationId;
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = o.idempotencyKey ?? randomUUID();
    }
    const res = await app.inject({ method, url: `/api${path}${qs(o.query)}`, headers, payload: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const body = res.body ? safeJson(res.body) : null;
    if (res.statusCode >= 400) {
      const b = (body ?? {}) as { code?: string; message?: string };
      throw new ToolError(res.statusCode, b.code ?? 'error', b.message ?? `The request failed (${res.statusCode})`);
    }
    return body as T;
  };
  return {
    get: (path, query) => call('GET', path, { query }),
    post: (path, body, idempotencyKey) => call('POST', path, { body: body ?? {}, idempotencyKey }),
  };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}
