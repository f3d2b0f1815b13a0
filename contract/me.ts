/** GET /api/me — who is signed in, with which role, in which tenant (docs/api-conventions.md). */
import { z } from 'zod';
import { ROLES } from './roles';

export const meResponse = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  role: z.enum(ROLES),
  tenant: z.object({ id: z.string(), name: z.string() }),
});
export type MeResponse = z.infer<typeof meResponse>;
