/**
 * GET /api/csrf — `{ token, expires_at }` for the signed-in user, valid 24 h (docs/product/api-calls.md, docs/product/constants.md;
 * docs/api-conventions.md item 8). Needs no X-Tenant-Id: the token is bound to the user, not to a tenant.
 */
import { defineModule, type ApiModule } from '../module';
import { resolveJwtSecret } from '../../auth/secret';
import { csrfKey, issueCsrfToken } from './token';
import { SIGNED_IN } from '../../../contract/permissions';
import { csrfAnswer } from '../../../contract/api';

const csrf: ApiModule = (api) => {
  const key = csrfKey(resolveJwtSecret(api.services.config.jwtSecret, api.services.config.dataDir));
  api.route({
    method: 'GET',
    url: '/csrf',
    access: SIGNED_IN,
    noTransaction: true,
    answer: csrfAnswer,
    handler: async ({ auth, reply }) => {
      // a token is per user and short-lived: no shared cache may keep it
      reply.header('cache-control', 'no-store');
      return issueCsrfToken(key, auth.userId);
    },
  });
};
export default defineModule({ name: 'csrf', routes: csrf });
