/**
 * The settings' events (docs/settings.md): the store profile, the notification preferences or the
 * repricing defaults were saved with a change. Open consoles refetch the `settings` resource (contract/modules/settings.ts).
 */
import { z } from 'zod';
import { defineEvents, event } from './event-kit';

export const SETTINGS_EVENTS = {
  storeUpdated: 'settings.store_updated',
  notificationsUpdated: 'settings.notifications_updated',
  repricingUpdated: 'settings.repricing_updated',
  feesUpdated: 'settings.fees_updated',
} as const;

export const settingsEvents = defineEvents({
  [SETTINGS_EVENTS.storeUpdated]: event('JOBS', "The store profile (name, currency, time zone, label address) was changed", z.strictObject({ fields: z.array(z.string()) })),
  [SETTINGS_EVENTS.notificationsUpdated]: event('JOBS', 'Who is mailed about which alert severities was changed', z.strictObject({ severities: z.array(z.string()) })),
  [SETTINGS_EVENTS.repricingUpdated]: event('JOBS', 'The repricing defaults a new pricing rule starts from were changed', z.strictObject({ fields: z.array(z.string()) })),
  [SETTINGS_EVENTS.feesUpdated]: event('JOBS', "A marketplace's negotiated fee schedule was set or cleared (from now on)", z.strictObject({ marketplaces: z.array(z.string()) })),
});
