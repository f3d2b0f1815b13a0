/**
 * The alert queue's live row (docs/alerts.md "Events"): plain data, no zod, read by the server module
 * and by the /work page module alike. A person's change (`alert_queue.changed`) refreshes the
 * `alerts` resource, as the alerts themselves (`alerts.*`, the platform's row) do.
 */
import { liveRoute } from '../events';

export const alertsLive = [liveRoute('alert_queue', 'JOBS', 'alerts')] as const;
