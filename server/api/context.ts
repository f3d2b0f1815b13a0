/** What the authenticate hook puts on every /api request. */
import type { Role } from '../../contract/roles';

export interface AuthInfo {
  userId: string;
  email: string;
  role: Role;
  tenantId: string;
  tenantName: string;
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo;
    correlationId: string;
    causationId?: string;
  }
}
