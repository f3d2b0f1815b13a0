/**
 * Environment loading: process.env first, then `.env`, then the documented defaults of
 * `.env.example` (so `npm start` works with no setup). Shared by the server and vite.config.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

function parseDotenv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const out: Record<string, string> = {};
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replace(/^["']|["']$/g, '');
  }
  return out;
}

export function loadEnv(root = process.cwd()): Record<string, string | undefined> {
  const defaults = parseDotenv(resolve(root, '.env.example'));
  const local = parseDotenv(resolve(root, '.env'));
  return { ...defaults, ...local, ...process.env };
}
