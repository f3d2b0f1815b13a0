/**
 * The events of exports (docs/events.md "Event catalogue"; docs/governance.md "Exports"): a job
 * was requested, and the `exports` consumer writes its file.
 */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';
import { EXPORT_EVENTS, EXPORT_FORMATS, EXPORT_KINDS } from './exports';

export const exportsEvents = defineEvents({
  [EXPORT_EVENTS.requested]: event(
    'JOBS',
    'An export (the tenant’s data or the audit log) was requested: the exports consumer writes its file',
    z.strictObject({ id: z.string(), kind: z.enum(EXPORT_KINDS), format: z.enum(EXPORT_FORMATS) }),
  ),
});
