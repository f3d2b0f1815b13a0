/** GET /api/me — who is signed in, with which role, in which tenant (docs/api-conventions.md). */
import { z } from 'zod';
import { ROLES } from './roles';

export const meResponse = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  role: z.enum(ROLES),
  tenant: z.object({ id: z.string(), name: z.string() }),
  /** What this server has switched on (docs/capital.md "The switch": FEATURE_CAPITAL_FINANCE). */
  features: z.object({ capitalFinance: z.boolean() }),
});
export type MeResponse = z.infer<typeof meResponse>;
