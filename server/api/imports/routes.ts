/**
 * Imports a seller already has — issue 5 §3: Shopify product CSV, Amazon order report (TSV), eBay
 * orders CSV. Synchronous by design (docs/commerce.md): validate all, report every bad row, write all
 * or nothing in the request's one transaction, answer `{created, updated, rows}`.
 */
import type { ApiModule } from '../module';
import { one } from '../kit';
import { countsChanged } from '../../domain/paging';
import { fileBody, importQuery } from './schemas';
import { importShopify } from './shopify';
import { importOrders } from './orders';

const imports: ApiModule = (api) => {
  api.route({
    method: 'POST',
    url: '/imports/shopify-products',
    permission: 'write:products',
    query: importQuery,
    body: fileBody,
    handler: async (ctx) => {
      countsChanged(ctx.auth.tenantId);
      return one(await importShopify(ctx));
    },
  });
  api.route({
    method: 'POST',
    url: '/imports/amazon-orders',
    permission: 'write:orders',
    query: importQuery,
    body: fileBody,
    handler: async (ctx) => {
      countsChanged(ctx.auth.tenantId);
      return one(await importOrders(ctx, 'amazon'));
    },
  });
  api.route({
    method: 'POST',
    url: '/imports/ebay-orders',
    permission: 'write:orders',
    query: importQuery,
    body: fileBody,
    handler: async (ctx) => {
      countsChanged(ctx.auth.tenantId);
      return one(await importOrders(ctx, 'ebay'));
    },
  });
};
export default imports;
