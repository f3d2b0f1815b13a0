/**
 * Notification preferences (docs/settings.md "Notification preferences"): for each alert severity,
 * the members of the tenant mailed when such an alert opens (server/mail). None stored: nobody.
 */
import type { Tx } from '../../db';
import type { AlertSeverity } from '../../../contract/alerts';
import { NOTIFY_SEVERITIES, type NotificationPrefs } from '../../../contract/settings';

export type Recipients = NotificationPrefs['recipients'];

interface Row { recipients: Recipients; updated_at: string | Date | null; updated_by: string | null }

/** One canonical form: severities in the page's order, emails sorted and once, empty lists dropped. */
export function canonicalRecipients(r: Recipients): Recipients {
  const out: Recipients = {};
  for (const s of NOTIFY_SEVERITIES) {
    const list = [...new Set(r[s] ?? [])].sort();
    if (list.length) out[s] = list;
  }
  return out;
}

export async function readNotificationPrefs(tx: Tx, tenantId: string, lock = false): Promise<NotificationPrefs> {
  const { rows } = await tx.query<Row>(
    `select recipients, updated_at, updated_by from notification_preferences where tenant_id = $1${lock ? ' for update' : ''}`,
    [tenantId],
  );
  const r = rows[0];
  return r
    ? { recipients: canonicalRecipients(r.recipients ?? {}), updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null, updated_by: r.updated_by }
    : { recipients: {}, updated_at: null, updated_by: null };
}

/** The severities whose recipients differ. */
export function changedSeverities(before: Recipients, after: Recipients): AlertSeverity[] {
  return NOTIFY_SEVERITIES.filter((s) => JSON.stringify(before[s] ?? []) !== JSON.stringify(after[s] ?? []));
}

/** Conditional write: nothing when the stored recipients are these already. */
export async function writeNotificationPrefs(tx: Tx, tenantId: string, recipients: Recipients, by: string): Promise<NotificationPrefs | null> {
  const { rows } = await tx.query<Row>(
    `insert into notification_preferences as p (tenant_id, recipients, updated_by) values ($1, $2::jsonb, $3)
     on conflict (tenant_id) do update set recipients = excluded.recipients, updated_at = now(), updated_by = excluded.updated_by
       where p.recipients is distinct from excluded.recipients
     returning recipients, updated_at, updated_by`,
    [tenantId, JSON.stringify(recipients), by],
  );
  const r = rows[0];
  return r ? { recipients: canonicalRecipients(r.recipients), updated_at: new Date(r.updated_at!).toISOString(), updated_by: r.updated_by } : null;
}

/** Who is mailed about an alert of this severity. */
export async function recipientsFor(tx: Tx, tenantId: string, severity: string): Promise<string[]> {
  const { recipients } = await readNotificationPrefs(tx, tenantId);
  return recipients[severity as AlertSeverity] ?? [];
}
