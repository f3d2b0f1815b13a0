/**
 * Access tokens — docs/product/auth-protocol.md §6: HS256, claims of GoTrue (aud "authenticated" as a string,
 * role "authenticated", session_id, amr …). Verification requires `sub` and `session_id` (UUIDs)
 * and accepts the embedded secret, or the Supabase project's secret / JWKS when SUPABASE_URL is set.
 */
import { SignJWT, jwtVerify, createRemoteJWKSet, decodeProtectedHeader, type JWTPayload } from 'jose';

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: 'authenticated';
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

const enc = (s: string) => new TextEncoder().encode(s);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signAccessToken(
  claims: Omit<AccessClaims, 'iat' | 'exp' | 'aud' | 'iss'>,
  secret: string,
  opts: { ttlS: number; issuer: string; now?: number },
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor((opts.now ?? Date.now()) / 1000);
  const expiresAt = iat + opts.ttlS;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(opts.issuer)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(enc(secret));
  // jose writes aud as given (a string) — GoTrue's shape
  return { token, expiresAt };
}

export interface VerifierOptions { secret: string; supabaseUrl?: string; supabaseJwtSecret?: string }

export type Verifier = (token: string) => Promise<AccessClaims>;

export function createVerifier(o: VerifierOptions): Verifier {
  const jwks = o.supabaseUrl ? createRemoteJWKSet(new URL('/auth/v1/.well-known/jwks.json', o.supabaseUrl)) : null;
  return async (token) => {
    const header = decodeProtectedHeader(token);
    let payload: JWTPayload;
    if (header.alg === 'HS256') {
      const secret = o.supabaseUrl && o.supabaseJwtSecret ? o.supabaseJwtSecret : o.secret;
      ({ payload } = await jwtVerify(token, enc(secret), { algorithms: ['HS256'], audience: 'authenticated' }));
    } else if (jwks && (header.alg === 'RS256' || header.alg === 'ES256' || header.alg === 'EdDSA')) {
      ({ payload } = await jwtVerify(token, jwks, { algorithms: ['RS256', 'ES256', 'EdDSA'], audience: 'authenticated' }));
    } else {
      throw new Error(`unsupported alg ${String(header.alg)}`);
    }
    if (payload.role !== 'authenticated') throw new Error('role is not authenticated');
    if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) throw new Error('sub is not a UUID');
    // every user token of Supabase Auth names its session; without one a sign-out could not end it
    if (typeof payload.session_id !== 'string' || !UUID.test(payload.session_id)) throw new Error('session_id is not a UUID');
    return payload as AccessClaims;
  };
}
