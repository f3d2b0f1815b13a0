/** JWT signing secret: JWT_SECRET, else one generated on first start and kept in DATA_DIR. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function resolveJwtSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit) return explicit;
  const path = join(dataDir, 'jwt-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
