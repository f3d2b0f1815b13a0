/**
 * The database object store: bytes in `stored_objects` (bytea), in the caller's transaction, so an
 * upload and its image row commit together and RLS keeps each tenant to its own objects.
 */
import type { Tx } from '../db';
import type { ObjectStore, StoredObject } from './types';

export function databaseStore(tx: Tx, tenantId: string): ObjectStore {
  return {
    kind: 'database',
    async put(key, bytes, contentType) {
      await tx.query(
        `insert into stored_objects (tenant_id, key, content_type, size_bytes, bytes) values ($1, $2, $3, $4, $5)
         on conflict (tenant_id, key) do update set content_type = excluded.content_type, size_bytes = excluded.size_bytes, bytes = excluded.bytes`,
        [tenantId, key, contentType, bytes.byteLength, bytes],
      );
    },
    async get(key): Promise<StoredObject | null> {
      const { rows } = await tx.query<{ content_type: string; bytes: Uint8Array }>('select content_type, bytes from stored_objects where tenant_id = $1 and key = $2', [tenantId, key]);
      const r = rows[0];
      return r ? { contentType: r.content_type, bytes: new Uint8Array(r.bytes) } : null;
    },
    async delete(key) {
      await tx.query('delete from stored_objects where tenant_id = $1 and key = $2', [tenantId, key]);
    },
  };
}
