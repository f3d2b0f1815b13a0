/** Per-transaction settings that row-level security policies read (docs/api-conventions.md). */
import type { Tx, TxOptions } from './types';

export async function applyTenantSettings(tx: Tx, opts: TxOptions): Promise<void> {
  if (opts.tenantId || opts.userId) {
    await tx.query("select set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true)", [
      opts.tenantId ?? '',
      opts.userId ?? '',
    ]);
  }
}
