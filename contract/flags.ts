/** Feature flags on the wire: GET answers the bare `{ name: boolean }` map (docs/api-conventions.md). */
import { z } from 'zod';
import { DEFAULT_FLAGS } from './constants';
import { text } from './fields';

export const flagParams = z.object({ name: text({ max: 100, min: 1 }) });
export const flagBody = z.strictObject({ enabled: z.boolean() });

export const flagsAnswer = z.record(z.string(), z.boolean());
export type FlagsAnswer = z.infer<typeof flagsAnswer>;
export const FLAG_NAMES = Object.keys(DEFAULT_FLAGS) as (keyof typeof DEFAULT_FLAGS)[];
