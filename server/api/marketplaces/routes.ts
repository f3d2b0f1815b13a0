/**
 * Marketplace accounts API (docs/marketplaces.md "Accounts"): every signed-in role reads; linking,
 * changing and unlinking is admin only (manage:integrations). Credentials are sealed with AES-GCM on
 * the way in and never answered, audited or emitted. Sandbox accounts advance by tick (agents and
 * admins: ops:agents); the sandbox clock ticks the demo tenant's accounts on its own.
 */
import { defineModule, type ApiModule } from '../module';
import { list, one } from '../kit';
import { iso } from '../wire';
import { notFound } from '../errors';
import { pageBody } from '../list-kit/paging';
import {
  marketplaceCreate,
  marketplaceListQuery,
  marketplaceParams,
  marketplaceUpdate,
  sandboxTickBody,
  settlementListQuery,
  marketplacesLive,
} from '../../../contract/marketplaces';
import { LISTING_EVENTS, MARKETPLACE_EVENTS } from '../../../contract/listings';
import { sealJson, secretsKey } from '../../marketplaces/secrets';
import { getAccount, listAccounts, mapAccount } from './queries';
import { tickAccount } from './tick-command';
import { marketplaceAlertsConsumer, marketplaceSyncConsumer } from './consumers';
import { marketplaceVerifyConsumer } from './verify';
import { sandboxTickMs, startSandboxClock } from './clock';
import { marketplacesPermissions } from '../../../contract/modules/marketplaces';
import { listAnswer, oneAnswer } from '../../../contract/api';
import { marketplace, settlement, type Settlement } from '../../../contract/marketplaces';

const marketplaces: ApiModule = (api) => {
  const key = () => secretsKey(api.services.config.dataDir);

  let stopClock: (() => void) | null = null;
  api.app.addHook('onReady', async () => {
    stopClock = startSandboxClock(api.services.db, sandboxTickMs(), undefined, (err) => {
      if (process.env.SANDBOX_CLOCK_DEBUG) console.error('sandbox clock', err);
      api.app.log.warn({ err }, 'sandbox clock tick failed');
    });
    if (process.env.SANDBOX_CLOCK_DEBUG) console.error('sandbox clock started', sandboxTickMs());
  });
  api.app.addHook('onClose', async () => stopClock?.());

  api.route({
    method: 'GET',
    url: '/marketplaces',
    access: marketplacesPermissions.marketplaces.read,
    answer: listAnswer(marketplace),
    query: marketplaceListQuery,
    async handler({ tx, auth, query }) {
      const page = await listAccounts(tx, auth.tenantId, query);
      return pageBody(page, page.rows.map(mapAccount), query.limit, query.offset);
    },
  });

  api.route({
    method: 'GET',
    url: '/marketplaces/:id',
    access: marketplacesPermissions.marketplaces.read,
    answer: oneAnswer(marketplace),
    params: marketplaceParams,
    async handler({ tx, auth, params }) {
      const a = await getAccount(tx, auth.tenantId, params.id);
      if (!a) throw notFound('Marketplace');
      return one(a);
    },
  });

  api.route({
    method: 'POST',
    url: '/marketplaces',
    access: 'manage:integrations',
    body: marketplaceCreate,
    async handler(ctx) {
      const b = ctx.body;
      // the sandbox lives in this database: nothing to verify remotely, it is connected at once;
      // a live account waits for the connector's verification (a consumer, never this request)
      const status = b.mode === 'sandbox' ? 'connected' : 'pending';
      const { rows } = await ctx.tx.query<{ id: string }>(
        `insert into marketplace_accounts (tenant_id, kind, name, mode, status, credentials_enc, sandbox_order_rate)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [ctx.auth.tenantId, b.kind, b.name, b.mode, status, b.credentials ? sealJson(key(), b.credentials) : null, b.sandbox_order_rate],
      );
      const a = (await getAccount(ctx.tx, ctx.auth.tenantId, rows[0].id))!;
      await ctx.audit({ action: 'marketplace.link', resource: 'marketplace', resourceId: a.id, after: { ...a } });
      await ctx.emit(MARKETPLACE_EVENTS.linked, { id: a.id, kind: a.kind, name: a.name, mode: a.mode, status: a.status });
      ctx.status(201);
      return one(a);
    },
  });

  api.route({
    method: 'PUT',
    url: '/marketplaces/:id',
    lock: { table: 'marketplace_accounts', what: 'Marketplace' },
    access: 'manage:integrations',
    params: marketplaceParams,
    body: marketplaceUpdate,
    async handler(ctx) {
      const before = await getAccount(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (!before) throw notFound('Marketplace');
      const b = ctx.body;
      const sets: string[] = [];
      const params: unknown[] = [ctx.auth.tenantId, ctx.params.id];
      const set = (col: string, v: unknown) => {
        params.push(v);
        sets.push(`${col} = $${params.length}`);
      };
      if (b.name !== undefined) set('name', b.name);
      if (b.sandbox_order_rate !== undefined) set('sandbox_order_rate', b.sandbox_order_rate);
      if (b.credentials !== undefined) set('credentials_enc', sealJson(key(), b.credentials));
      if (b.status !== undefined) {
        set('status', b.status === 'connected' && before.mode === 'live' ? 'pending' : b.status);
        if (b.status === 'connected') sets.push('error_message = null');
      } else if (b.credentials !== undefined && before.mode === 'live' && before.status !== 'paused') {
        // new credentials of a live account are verified again (the verify consumer)
        set('status', 'pending');
      }
      sets.push('updated_at = now()');
      await ctx.tx.query(`update marketplace_accounts set ${sets.join(', ')} where tenant_id = $1 and id = $2`, params);
      const after = (await getAccount(ctx.tx, ctx.auth.tenantId, ctx.params.id))!;
      await ctx.audit({
        action: 'marketplace.update',
        resource: 'marketplace',
        resourceId: after.id,
        before: { ...before },
        after: { ...after, credentials_changed: b.credentials !== undefined },
      });
      await ctx.emit(MARKETPLACE_EVENTS.updated, { id: after.id, status: after.status, name: after.name });
      // resumed: the changes held while paused go out now
      if (before.status === 'paused' && after.status !== 'paused') {
        const pending = await ctx.tx.query<{ id: string }>(`select id from listings where marketplace_id = $1 and sync_state = 'pending'`, [after.id]);
        for (const l of pending.rows) await ctx.emit(LISTING_EVENTS.changed, { id: l.id, reason: 'resumed' });
      }
      return one(after);
    },
  });

  api.route({
    method: 'DELETE',
    url: '/marketplaces/:id',
    lock: { table: 'marketplace_accounts', what: 'Marketplace' },
    access: 'manage:integrations',
    params: marketplaceParams,
    async handler(ctx) {
      const before = await getAccount(ctx.tx, ctx.auth.tenantId, ctx.params.id);
      if (!before) throw notFound('Marketplace');
      // its listings, sandbox state, violations and settlements go with it; orders stay
      await ctx.tx.query('delete from marketplace_accounts where tenant_id = $1 and id = $2', [ctx.auth.tenantId, ctx.params.id]);
      await ctx.audit({ action: 'marketplace.unlink', resource: 'marketplace', resourceId: before.id, before: { ...before } });
      await ctx.emit(MARKETPLACE_EVENTS.unlinked, { id: before.id, kind: before.kind, name: before.name });
      return one({ id: before.id, deleted: true });
    },
  });

  api.route({
    method: 'POST',
    url: '/marketplaces/:id/sandbox/tick',
    lock: false /* the tick takes the account's row itself, after the suppliers and carriers (docs/marketplaces.md) */,
    access: 'ops:agents',
    params: marketplaceParams,
    body: sandboxTickBody,
    async handler(ctx) {
      const r = await tickAccount(ctx.tx, ctx.auth.tenantId, ctx.params.id, ctx.body.ticks, { correlationId: ctx.req.correlationId });
      await ctx.audit({ action: 'marketplace.sandbox_tick', resource: 'marketplace', resourceId: ctx.params.id, after: r });
      return one(r);
    },
  });

  api.route({
    method: 'GET',
    url: '/marketplaces/:id/settlements',
    access: marketplacesPermissions.marketplaces.read,
    answer: listAnswer(settlement),
    params: marketplaceParams,
    query: settlementListQuery,
    async handler({ tx, auth, params, query }) {
      if (!(await getAccount(tx, auth.tenantId, params.id))) throw notFound('Marketplace');
      const { rows } = await tx.query<Record<string, unknown>>(
        `select id, marketplace_id, period_start, period_end, orders_count, gross_cents, fees_cents, net_cents, created_at, count(*) over () as _total
           from marketplace_settlements where tenant_id = $1 and marketplace_id = $2 order by period_end desc, id desc limit $3 offset $4`,
        [auth.tenantId, params.id, query.limit, query.offset],
      );
      const data = rows.map((r): Settlement => ({
        id: String(r.id), marketplace_id: String(r.marketplace_id), period_start: iso(r.period_start), period_end: iso(r.period_end),
        orders_count: Number(r.orders_count), gross_cents: Number(r.gross_cents), fees_cents: Number(r.fees_cents), net_cents: Number(r.net_cents),
        created_at: iso(r.created_at),
      }));
      return list(data, rows.length ? Number(rows[0]._total) : 0, query.limit, query.offset);
    },
  });

};

export default defineModule({ name: 'marketplaces', routes: marketplaces, consumers: [marketplaceSyncConsumer, marketplaceAlertsConsumer, marketplaceVerifyConsumer], live: marketplacesLive });
