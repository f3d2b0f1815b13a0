/**
 * A small OpenID provider standing in for Google in the sign-in tests (docs/auth.md, "Google"):
 * discovery, an authorization endpoint that signs `account` in at once (or refuses, `deny`), a token
 * endpoint that checks the client secret and the PKCE verifier, and a JWKS. `tamper` bends the next ID
 * tokens (another nonce, a foreign signing key, an expired token, …) to prove the server refuses them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface StubAccount {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
}

export interface StubTamper {
  nonce?: string;
  /** Sign with a key the JWKS does not hold, under the published key id. */
  foreignKey?: boolean;
  /** Seconds from now; negative for an expired token. */
  expiresInS?: number;
  audience?: string;
  issuer?: string;
}

export interface OidcStub {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the next authorization. */
  account: StubAccount;
  tamper: StubTamper;
  /** Answer the next authorizations with `error=access_denied` (the user cancelled). */
  deny: boolean;
  /** The query of every authorization request and the form of every token request, in order. */
  authorizations: URLSearchParams[];
  tokenRequests: { form: URLSearchParams; authorization: string | undefined }[];
  close(): Promise<void>;
}

interface Grant { redirectUri: string; nonce: string; challenge: string; account: StubAccount; tamper: StubTamper }

const KID = 'stub-key-1';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Client id and secret from `Authorization: Basic` (RFC 6749 §2.3.1) or the form. */
function clientOf(form: URLSearchParams, authorization: string | undefined): { id: string | null; secret: string | null } {
  if (authorization?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    const dec = (s: string | undefined) => (s === undefined ? null : decodeURIComponent(s.replace(/\+/g, ' ')));
    return { id: dec(id), secret: dec(secret) };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

export async function startOidcStub(o: { port?: number; clientId?: string; clientSecret?: string } = {}): Promise<OidcStub> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let issuer = '';

  const stub: OidcStub = {
    issuer: '',
    clientId: o.clientId ?? 'stub-client.apps.example',
    clientSecret: o.clientSecret ?? randomBytes(12).toString('hex'),
    account: { sub: '100000000000000000001', email: 'seller@demo.local', email_verified: true, name: 'Sam Seller' },
    tamper: {},
    deny: false,
    authorizations: [],
    tokenRequests: [],
    close: async () => {},
  };

  async function idToken(g: Grant): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { sub, ...claims } = g.account;
    const key: CryptoKey = g.tamper.foreignKey ? foreign.privateKey : keys.privateKey;
    return new SignJWT({ ...claims, nonce: g.tamper.nonce ?? g.nonce, azp: stub.clientId })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer(g.tamper.issuer ?? issuer)
      .setSubject(sub)
      .setAudience(g.tamper.audience ?? stub.clientId)
      .setIssuedAt(now - 5)
      .setExpirationTime(now + (g.tamper.expiresInS ?? 3600))
      .sign(key);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/oauth2/v3/certs`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['plain', 'S256'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') return json(res, 200, { keys: [jwk] });
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const q = url.searchParams;
      stub.authorizations.push(q);
      const redirectUri = q.get('redirect_uri');
      const ok =
        q.get('client_id') === stub.clientId && q.get('response_type') === 'code' && redirectUri && q.get('state') && q.get('nonce') &&
        q.get('code_challenge') && q.get('code_challenge_method') === 'S256' && q.get('scope')?.split(' ').includes('openid');
      if (!ok) return json(res, 400, { error: 'invalid_request' });
      const back = new URL(redirectUri!);
      back.searchParams.set('state', q.get('state')!);
      if (stub.deny) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        grants.set(code, { redirectUri: redirectUri!, nonce: q.get('nonce')!, challenge: q.get('code_challenge')!, account: { ...stub.account }, tamper: { ...stub.tamper } });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      const authorization = req.headers.authorization;
      stub.tokenRequests.push({ form, authorization });
      const client = clientOf(form, authorization);
      if (client.id !== stub.clientId || client.secret !== stub.clientSecret) return json(res, 401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const g = grants.get(code);
      grants.delete(code);
      if (!g || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== g.redirectUri) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== g.challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'code_verifier' });
      return json(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile', id_token: await idToken(g) });
    }
    json(res, 404, { error: 'not_found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => json(res, 500, { error: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.issuer = issuer;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return stub;
}
