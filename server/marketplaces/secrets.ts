/**
 * Credentials at rest (docs/marketplaces.md "Credentials"): AES-256-GCM with a key from SECRETS_KEY,
 * else one generated on first start into DATA_DIR/secrets-key (like the JWT secret, server/auth/secret.ts).
 * The envelope is `v1.<iv>.<tag>.<ciphertext>` in base64url; a wrong key or an edited envelope fails to open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const keys = new Map<string, Buffer>();

/** The 32-byte key: SECRETS_KEY (any string, hashed to 32 bytes) or the generated one of the data dir. */
export function secretsKey(dataDir: string, explicit = process.env.SECRETS_KEY): Buffer {
  if (explicit) return createHash('sha256').update(explicit).digest();
  const cached = keys.get(dataDir);
  if (cached) return cached;
  const path = join(dataDir, 'secrets-key');
  let raw: string;
  if (existsSync(path)) raw = readFileSync(path, 'utf8').trim();
  else {
    mkdirSync(dataDir, { recursive: true });
    raw = randomBytes(32).toString('base64url');
    writeFileSync(path, raw, { mode: 0o600 });
  }
  const key = createHash('sha256').update(raw).digest();
  keys.set(dataDir, key);
  return key;
}

export function sealJson(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(JSON.stringify(value), 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openJson<T = unknown>(key: Buffer, envelope: string): T {
  const [v, iv, tag, body] = envelope.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed credentials envelope');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return JSON.parse(Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8')) as T;
}
