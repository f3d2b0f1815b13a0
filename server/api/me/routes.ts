/** GET /api/me — who am I: `{ user: {id, email}, role, tenant: {id, name}, features }` (docs/product/architecture.md; `features`: the server's switches, docs/capital.md). */
import { defineModule, type ApiModule } from '../module';
import { meResponse } from '../../../contract/me';
import { SIGNED_IN } from '../../../contract/permissions';

const me: ApiModule = (api) => {
  const features = () => ({ capitalFinance: api.services.config.capitalFinance });
  api.route({
    method: 'GET',
    url: '/me',
    access: SIGNED_IN,
    answer: meResponse,
    async handler({ auth }) {
      return {
        user: { id: auth.userId, email: auth.email },
        role: auth.role,
        tenant: { id: auth.tenantId, name: auth.tenantName },
        features: features(),
      };
    },
  });
};
export default defineModule({ name: 'me', routes: me });
