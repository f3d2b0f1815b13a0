/**
 * Capital's live rows (docs/capital.md, docs/events.md "Live routing"): plain data, no zod, loaded
 * with the page registry. Its permission mapping is the platform's (`capital`, `advances` in
 * contract/permissions.ts PLATFORM_RESOURCE_PERMISSIONS).
 */
import { liveRoute } from '../events';

/** `capital.*` events are stored in JOBS and refresh the advances table and the snapshot. */
export const capitalLive = [liveRoute('capital', 'JOBS', 'advances')] as const;
