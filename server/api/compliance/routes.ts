/**
 * Compliance (docs/governance.md "Compliance"): one customer's data — what the tenant holds
 * (`GET /governance/customers?email=`), its download (`GET /governance/customers/export?email=`) and
 * its erasure (`POST /governance/customers/erase`) — and the tenant's retention settings
 * (`GET/PUT /governance/retention`), enforced by the periodic job of retention.ts. Reads need
 * `governance:view`, the erasure and the settings `governance:edit` (administrators).
 */
import { defineModule, type ApiModule } from '../module';
import { one } from '../kit';
import { oneAnswer } from '../../../contract/api';
import {
  customerExport as customerExportAnswer,
  customerQuery,
  customerSummary as customerSummaryAnswer,
  eraseCustomerBody,
  erasureResult,
  retentionBody,
  retentionSettings,
} from '../../../contract/compliance';
import { COMPLIANCE_EVENTS } from '../../../contract/compliance-events';
import { customerExport, customerSummary, emailHash } from './customer-data';
import { eraseCustomer } from './erase';
import { readRetention, retentionEveryMs, startRetention, writeRetention } from './retention';

const compliance: ApiModule = (api) => {
  let stop: (() => Promise<void>) | null = null;
  api.app.addHook('onReady', async () => {
    stop = startRetention(api.services.db, retentionEveryMs(), (e) => api.app.log.error({ err: e }, 'retention job'));
  });
  api.app.addHook('onClose', async () => stop?.());

  api.route({
    method: 'GET',
    url: '/governance/customers',
    access: 'governance:view',
    query: customerQuery,
    answer: oneAnswer(customerSummaryAnswer),
    async handler({ tx, auth, query }) {
      return one(await customerSummary(tx, auth.tenantId, query.email));
    },
  });

  api.route({
    method: 'GET',
    url: '/governance/customers/export',
    access: 'governance:view',
    query: customerQuery,
    answer: customerExportAnswer,
    async handler({ tx, auth, query, reply }) {
      reply.header('content-disposition', `attachment; filename="customer-${emailHash(query.email).slice(0, 12)}.json"`);
      reply.header('cache-control', 'no-store');
      return customerExport(tx, auth.tenantId, query.email);
    },
  });

  api.route({
    method: 'POST',
    url: '/governance/customers/erase',
    access: 'governance:edit',
    body: eraseCustomerBody,
    answer: oneAnswer(erasureResult),
    async handler(ctx) {
      const { email } = ctx.body;
      const hash = emailHash(email);
      const r = await eraseCustomer(ctx.tx, ctx.auth.tenantId, email);
      const total = Object.values(r.records).reduce((a, b) => a + b, 0);
      if (r.orders > 0) {
        // the trail names the customer by the hash of their email only
        await ctx.audit({ action: 'customer.erase', resource: 'customer', resourceId: hash.slice(0, 16), after: { email_hash: hash, records: r.records, summary: `customer erased, ${total} records` } });
        await ctx.emit(COMPLIANCE_EVENTS.customerErased, { email_hash: hash, orders: r.orders, records: total });
      }
      return one({ email_hash: hash, erased: r.orders > 0, records: r.records });
    },
  });

  api.route({
    method: 'GET',
    url: '/governance/retention',
    access: 'governance:view',
    answer: oneAnswer(retentionSettings),
    async handler({ tx, auth }) {
      return one(await readRetention(tx, auth.tenantId));
    },
  });

  api.route({
    method: 'PUT',
    url: '/governance/retention',
    access: 'governance:edit',
    body: retentionBody,
    answer: oneAnswer(retentionSettings),
    async handler(ctx) {
      const { before, changed } = await writeRetention(ctx.tx, ctx.auth.tenantId, ctx.auth.userId, ctx.body);
      if (changed.length) {
        await ctx.audit({ action: 'retention_settings.update', resource: 'retention_settings', resourceId: ctx.auth.tenantId, before, after: ctx.body });
        await ctx.emit(COMPLIANCE_EVENTS.retentionChanged, { fields: changed });
      }
      return one(await readRetention(ctx.tx, ctx.auth.tenantId));
    },
  });
};

export default defineModule({ name: 'compliance', routes: compliance });
