/**
 * Embedded Supabase-compatible auth — docs/product/architecture.md, docs/product/auth-protocol.md and docs/auth.md.
 * Table of contents: /auth/v1 (gateway: CORS + apikey; GoTrue error bodies; Google sign-in when
 * configured), /rest/v1/profiles,
 * and the dev mailbox. Every piece of state lives in the database (schema `auth`).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Config } from '../config';
import { createMailer, registerDevMailbox } from '../mail';
import type { AuthDeps } from './deps';
import { readAuthOptions } from './options';
import { applyGateway } from './gateway';
import { authErrorHandler } from './errors';
import { registerOtp } from './otp-route';
import { registerVerify } from './verify-route';
import { registerToken } from './token-route';
import { registerUserRoutes } from './user-routes';
import { registerMetaRoutes } from './meta-routes';
import { googleClientFor, registerOAuthRoutes } from './oauth-routes';
import { registerProfilesRead } from './profiles-route';

export interface EmbeddedAuthDeps { db: Db; config: Config; secret: string }

/** Reached by browser navigation or by back ends without a key (as on hosted Supabase). */
const OPEN_PATHS = ['/auth/v1/verify', '/auth/v1/authorize', '/auth/v1/callback', '/auth/v1/.well-known/jwks.json'];

export async function registerEmbeddedAuth(app: FastifyInstance, { db, config, secret }: EmbeddedAuthDeps): Promise<void> {
  const options = readAuthOptions();
  const deps: AuthDeps = {
    db,
    config,
    secret,
    options,
    mailer: createMailer({ db, config, from: options.mailFrom }),
    google: googleClientFor(config, app.log),
  };

  await app.register(
    async (scope) => {
      applyGateway(scope, config, OPEN_PATHS);
      scope.setErrorHandler(authErrorHandler);
      registerOtp(scope, deps);
      registerVerify(scope, deps);
      registerToken(scope, deps);
      registerUserRoutes(scope, deps);
      registerMetaRoutes(scope, deps);
      registerOAuthRoutes(scope, deps);
    },
    { prefix: '/auth/v1' },
  );

  await app.register(
    async (scope) => {
      applyGateway(scope, config, []);
      registerProfilesRead(scope, deps);
    },
    { prefix: '/rest/v1' },
  );

  if (!config.production) registerDevMailbox(app, db, config);
}
