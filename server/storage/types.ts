/**
 * Where uploaded files live (docs/marketplaces.md "Product images"): a small interface with two
 * implementations — the database (default, `stored_objects`, under the tenant's RLS) and an
 * S3-compatible bucket (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).
 * Keys are chosen by the server (`<tenant id>/<image id>`), never by a client.
 */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface ObjectStore {
  readonly kind: 'database' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** A failure of the storage backend (unreachable, 5xx): the request answers 503, nothing is half-written. */
export class StorageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageError';
  }
}
