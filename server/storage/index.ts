/** The object store of this server: S3-compatible when S3_BUCKET is configured, else the database. */
import type { Tx } from '../db';
import { databaseStore } from './database';
import { s3ConfigFromEnv, s3Store } from './s3';
import type { ObjectStore } from './types';

export type { ObjectStore, StoredObject } from './types';
export { StorageError } from './types';

export function objectStore(tx: Tx, tenantId: string, env: NodeJS.ProcessEnv = process.env): ObjectStore {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? s3Store(s3) : databaseStore(tx, tenantId);
}
