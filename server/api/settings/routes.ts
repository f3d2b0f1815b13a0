/**
 * Settings API (docs/settings.md): the store profile (`GET/PUT /settings/store`) and the notification
 * preferences (`GET/PUT /settings/notifications`), read:settings / write:settings (administrators).
 * A PUT changes the stored row once (a conditional upsert); an audit entry and a `settings.*` event
 * only when something changed, so a double submit or a second tab saving the same values is a no-op.
 */
import { z } from 'zod';
import { defineModule, type ApiModule } from '../module';
import { one } from '../kit';
import { badRequest } from '../errors';
import { oneAnswer } from '../../../contract/api';
import { notificationPrefs, notificationPrefsBody, storeProfile, storeProfileBody } from '../../../contract/settings';
import { SETTINGS_EVENTS } from '../../../contract/settings-events';
import { settingsLive } from '../../../contract/modules/settings';
import { changedFields, readStoreProfile, writeStoreProfile, type ProfileValues } from './store-profile';
import { alertMailConsumer } from './alert-mail';
import { canonicalRecipients, changedSeverities, readNotificationPrefs, writeNotificationPrefs } from './notification-prefs';
import { feeOverrideRoutes } from './fee-overrides';

const settings: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/settings/store',
    access: 'read:settings',
    answer: oneAnswer(storeProfile),
    handler: async ({ tx, auth }) => one(await readStoreProfile(tx, auth.tenantId)),
  });

  api.route({
    method: 'PUT',
    url: '/settings/store',
    access: 'write:settings',
    // the stored row is locked by the read; a first save is a conditional upsert
    lock: false,
    body: storeProfileBody,
    answer: oneAnswer(storeProfile),
    async handler({ tx, auth, body, audit, emit }) {
      const before = await readStoreProfile(tx, auth.tenantId, true);
      const after: ProfileValues = { name: body.name, currency: body.currency, timezone: body.timezone, address: body.address };
      const fields = changedFields(before, after);
      const saved = fields.length ? await writeStoreProfile(tx, auth.tenantId, after, auth.email ?? auth.userId) : null;
      if (!saved) return one(await readStoreProfile(tx, auth.tenantId));
      const pick = (p: ProfileValues) => Object.fromEntries(fields.map((f) => [f, p[f]]));
      await audit({ action: 'store_profile.update', resource: 'store_profile', resourceId: auth.tenantId, before: pick(before), after: pick(after) });
      await emit(SETTINGS_EVENTS.storeUpdated, { fields });
      return one(saved);
    },
  });

  api.route({
    method: 'GET',
    url: '/settings/notifications',
    access: 'read:settings',
    answer: oneAnswer(notificationPrefs),
    handler: async ({ tx, auth }) => one(await readNotificationPrefs(tx, auth.tenantId)),
  });

  // whom the preferences may name: the store's members (the section's choices)
  api.route({
    method: 'GET',
    url: '/settings/members',
    access: 'read:settings',
    answer: oneAnswer(z.array(z.object({ email: z.string(), role: z.string() }))),
    async handler({ tx, auth }) {
      const { rows } = await tx.query<{ email: string; role: string }>('select lower(email) as email, role from profiles where tenant_id = $1 order by lower(email)', [auth.tenantId]);
      return one(rows);
    },
  });

  api.route({
    method: 'PUT',
    url: '/settings/notifications',
    access: 'write:settings',
    lock: false,
    body: notificationPrefsBody,
    answer: oneAnswer(notificationPrefs),
    async handler({ tx, auth, body, audit, emit }) {
      const recipients = canonicalRecipients(body.recipients);
      // only the tenant's members are mailed: an unknown address is the field's error
      const all = [...new Set(Object.values(recipients).flat())];
      if (all.length) {
        const { rows } = await tx.query<{ email: string }>('select lower(email) as email from profiles where tenant_id = $1 and lower(email) = any($2::text[])', [auth.tenantId, all]);
        const known = new Set(rows.map((r) => r.email));
        const details = Object.entries(body.recipients).flatMap(([sev, list]) =>
          (list ?? []).flatMap((e, i) => (known.has(e) ? [] : [{ field: `recipients.${sev}.${i}`, message: `${e} is not a member of this store`, code: 'unknown_member' }])),
        );
        if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
      }
      const before = await readNotificationPrefs(tx, auth.tenantId, true);
      const severities = changedSeverities(before.recipients, recipients);
      const saved = severities.length ? await writeNotificationPrefs(tx, auth.tenantId, recipients, auth.email ?? auth.userId) : null;
      if (!saved) return one(await readNotificationPrefs(tx, auth.tenantId));
      await audit({ action: 'notification_preferences.update', resource: 'notification_preferences', resourceId: auth.tenantId, before: before.recipients, after: recipients });
      await emit(SETTINGS_EVENTS.notificationsUpdated, { severities });
      return one(saved);
    },
  });
};

const routes: ApiModule = (api) => {
  settings(api);
  // marketplace fee overrides: GET/PUT /settings/fees (docs/settings.md "Fee overrides")
  feeOverrideRoutes(api);
};

export default defineModule({ name: 'settings', routes, live: settingsLive, consumers: [(ctx) => alertMailConsumer(ctx)] });
