/** What every embedded-auth route module receives. */
import type { Db } from '../db';
import type { Config } from '../config';
import type { Mailer } from '../mail';
import type { AuthOptions } from './options';
import type { OidcClient } from './oidc-client';

export interface AuthDeps {
  db: Db;
  config: Config;
  /** HS256 secret of access tokens (JWT_SECRET or the one kept in DATA_DIR). */
  secret: string;
  options: AuthOptions;
  mailer: Mailer;
  /** Google sign-in, when configured (docs/auth.md, "Google"). */
  google?: OidcClient;
}
