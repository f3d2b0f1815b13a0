/** Table of contents of the product API (spec §7): one module per domain. */
import type { ApiModule } from './module';
import me from './me/routes';
import flags from './flags/routes';
import audit from './audit/routes';
import csrf from './csrf/routes';
import products from './products/routes';
import orders from './orders/routes';
import suppliers from './suppliers/routes';
import imports from './imports/routes';
import streams from './streams/routes';
import dlq from './dlq/routes';
import webhooks from './webhooks/routes';
import ops from './ops/routes';
import streamSse from './stream-sse/routes';

export const apiModules: ApiModule[] = [me, flags, audit, csrf, products, orders, suppliers, imports, streams, dlq, webhooks, ops, streamSse];
