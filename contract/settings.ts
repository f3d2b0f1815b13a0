/**
 * The tenant's settings on the wire (docs/settings.md): the store profile (`GET/PUT /settings/store`)
 * and the notification preferences (`GET/PUT /settings/notifications`). One schema per body for the
 * server's 400 and the console's form, so a field's message is the same on both sides.
 */
import { z } from 'zod';
import { shipTo, shipToAddress } from './addresses';
import { ALERT_LEVELS, type AlertSeverity } from './alerts';
import { text } from './fields';

/** The currencies a store may keep its books in (ISO 4217, the ones contract/money.ts writes with a symbol or code). */
export const STORE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'MXN', 'NZD'] as const;

/** Is this an IANA time zone the runtime knows ("Europe/Berlin", "UTC")? */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** PUT /settings/store: every field at once (the form sends them all). The address is optional until the store has one. */
export const storeProfileBody = z.strictObject({
  name: text({ max: 120 }).refine((s) => s.length > 0, 'Enter the store name'),
  currency: z.enum(STORE_CURRENCIES, { error: 'Choose a currency from the list' }),
  timezone: text({ max: 64 }).refine((s) => s.length > 0, 'Enter the time zone').refine((s) => s.length === 0 || isTimeZone(s), 'Not a time zone (such as Europe/Berlin or America/New_York)'),
  /** ship-from and return-to address on labels; null: none */
  address: shipToAddress.nullable(),
});
export type StoreProfileBody = z.input<typeof storeProfileBody>;

export const storeProfile = z.object({
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  address: shipTo.nullable(),
  /** null until the profile was first saved (the defaults are shown) */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type StoreProfile = z.infer<typeof storeProfile>;

/** The severities a seller may be mailed about, most urgent first. */
export const NOTIFY_SEVERITIES: readonly AlertSeverity[] = ['critical', 'high', 'error', 'warning', 'medium', 'low', 'info'];
export const NOTIFY_RECIPIENTS_MAX = 20;

const email = z.string().trim().toLowerCase().email('Not an email address').max(254);

/** PUT /settings/notifications: for each severity, the members mailed when such an alert opens (none: nobody). */
export const notificationPrefsBody = z.strictObject({
  recipients: z.partialRecord(z.enum(ALERT_LEVELS), z.array(email).max(NOTIFY_RECIPIENTS_MAX, `At most ${NOTIFY_RECIPIENTS_MAX} people per severity`)),
});
export type NotificationPrefsBody = z.input<typeof notificationPrefsBody>;

export const notificationPrefs = z.object({
  recipients: z.partialRecord(z.enum(ALERT_LEVELS), z.array(z.string())),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefs>;
