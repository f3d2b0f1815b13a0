/**
 * Request headers of every API call — docs/product/api-calls.md: JSON content type, client name and version,
 * Bearer token, tenant, correlation/causation ids; on non-GET the idempotency key and the CSRF token.
 */
import { CLIENT_NAME } from '../../contract/constants';

export interface HeaderInput {
  method: string;
  clientVersion: string;
  token: string | null;
  tenantId: string | null;
  correlationId: string;
  causationId?: string;
  /** Only used on non-GET requests. */
  idempotencyKey: string;
  csrfToken: string | null;
  extra?: Record<string, string>;
}

export function isMutation(method: string): boolean {
  const m = method.toUpperCase();
  return m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS';
}

export function buildHeaders(h: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Client-Name': CLIENT_NAME,
    'X-Client-Version': h.clientVersion,
    'X-Correlation-Id': h.correlationId,
  };
  if (h.token) headers.Authorization = `Bearer ${h.token}`;
  if (h.tenantId) headers['X-Tenant-Id'] = h.tenantId;
  if (h.causationId) headers['X-Causation-Id'] = h.causationId;
  if (isMutation(h.method)) {
    headers['Idempotency-Key'] = h.idempotencyKey;
    if (h.csrfToken) headers['X-CSRF-Token'] = h.csrfToken;
  }
  return { ...headers, ...h.extra };
}
