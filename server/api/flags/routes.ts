/**
 * Feature flags — docs/product/api-calls.md `GET /flags`, docs/product/routes-and-roles.md "Routes" (/flags: agent or admin, read-only
 * for agents), docs/settings.md "Feature flags", docs/api-conventions.md.
 * GET answers the bare `{ name: boolean }` object the flag provider merges over its defaults;
 * without a token it answers the defaults (docs/api-conventions.md). `GET /flags/details` lists each flag with its default and who set it when. PUT
 * (administrators) writes one known flag of the caller's tenant, with an audit entry and a `flags.updated` event in the same transaction.
 */
import { z } from 'zod';
import { flagBody, flagDetail, flagParams, flagsAnswer } from '../../../contract/flags';
import { oneAnswer } from '../../../contract/api';
import { defineModule, type ApiModule } from '../module';
import { DEFAULT_FLAGS } from '../../../contract/constants';
import { one } from '../kit';
import { HttpError } from '../errors';
import { currentFlag, flagDetails, flagRowOf, isFlagName, readFlags, writeFlag } from './repository';
import { SIGNED_IN } from '../../../contract/permissions';


const flags: ApiModule = (api) => {
  api.route({
    method: 'GET',
    url: '/flags',
    access: SIGNED_IN,
    anonymous: () => ({ ...DEFAULT_FLAGS }),
    answer: flagsAnswer,
    handler: ({ tx, auth }) => readFlags(tx, auth.tenantId),
  });

  api.route({
    method: 'GET',
    url: '/flags/details',
    // agents see /flags read-only (docs/settings.md "Feature flags")
    access: 'ops:agents',
    answer: oneAnswer(z.array(flagDetail)),
    handler: async ({ tx, auth }) => one(await flagDetails(tx, auth.tenantId)),
  });

  api.route({
    method: 'PUT',
    url: '/flags/:name',
    // administrators only: a flag switches a feature for the whole store (docs/decisions.md "Only administrators switch feature flags")
    access: 'write:settings',
    // the repository locks a stored flag's row and writes conditionally (a flag never stored has no row yet)
    lock: false,
    params: flagParams,
    body: flagBody,
    async handler({ tx, auth, params, body, audit, emit }) {
      const { name } = params;
      // only the contract's flags exist: a typo must not create a flag nobody reads
      if (!isFlagName(name)) throw new HttpError(404, 'not_found', `Unknown feature flag: ${name}`);
      const before = await currentFlag(tx, auth.tenantId, name);
      // the value it already has: nothing changed, nothing to audit or announce
      const row = before === body.enabled ? null : await writeFlag(tx, auth.tenantId, name, body.enabled, auth.userId);
      if (!row) return one(await flagRowOf(tx, auth.tenantId, name));
      await audit({ action: 'feature_flag.update', resource: 'feature_flag', resourceId: name, before: { enabled: before }, after: { enabled: row.enabled } });
      await emit('flags.updated', { name, enabled: row.enabled, previous: before });
      return one(row);
    },
  });
};
export default defineModule({ name: 'flags', routes: flags });
