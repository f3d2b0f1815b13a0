/** Feature flags on the wire: GET answers the bare `{ name: boolean }` map (docs/api-conventions.md). */
import { z } from 'zod';
import { DEFAULT_FLAGS } from './constants';
import { text } from './fields';

export const flagParams = z.object({ name: text({ max: 100, min: 1 }) });
export const flagBody = z.strictObject({ enabled: z.boolean() });

export const flagsAnswer = z.record(z.string(), z.boolean());
export type FlagsAnswer = z.infer<typeof flagsAnswer>;
export const FLAG_NAMES = Object.keys(DEFAULT_FLAGS) as (keyof typeof DEFAULT_FLAGS)[];

/** A flag as /flags shows it (`GET /flags/details`): its default, the tenant's value and who set it when. */
export const flagDetail = z.object({
  name: z.string(),
  default: z.boolean(),
  /** the value in effect: the tenant's stored one, else the default */
  enabled: z.boolean(),
  /** the tenant's own value, null when never set */
  stored: z.boolean().nullable(),
  updated_at: z.string().nullable(),
  /** the email of who set it (null when never set, or the person has left) */
  updated_by: z.string().nullable(),
});
export type FlagDetail = z.infer<typeof flagDetail>;
