/**
 * The consumer registry: the durable event consumers the server runs, as the domain modules declare
 * them (a module's `consumers` in server/api/routes.ts, the one list of modules). The event runtime
 * registers exactly this list at start; adding a consumer is a line in its module, never an edit
 * here or in the runtime (docs/events.md "Consumers").
 */
import type { Db } from '../db';
import type { EventsConfig } from './config';
import type { ConsumerDef } from './types';

/** What a declared consumer is built with: the runtime's (timed) database and event settings. */
export interface ConsumerContext {
  db: Db;
  cfg: EventsConfig;
}

/**
 * A consumer as a module declares it: built once the runtime has its database and settings, into
 * a `ConsumerDef` (name, subject filters, handler, delivery settings).
 */
export type ConsumerFactory = (ctx: ConsumerContext) => ConsumerDef;

/** The part of a domain module the registry reads. */
export interface DeclaresConsumers {
  readonly name: string;
  readonly consumers?: readonly ConsumerFactory[];
}

/** One entry of the registry: the consumer and the module that declared it. */
export interface RegisteredConsumer {
  module: string;
  build: ConsumerFactory;
}

/** Every consumer of the modules, in list order. */
export function consumerRegistry(modules: readonly DeclaresConsumers[]): RegisteredConsumer[] {
  return modules.flatMap((m) => (m.consumers ?? []).map((build) => ({ module: m.name, build })));
}

const NAME = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * Builds the registry's consumers. Names are durable state (cursors, deliveries, JetStream durables)
 * and must be unique: a second module reusing one would silently share the first one's position.
 */
export function buildConsumers(registry: readonly RegisteredConsumer[], ctx: ConsumerContext): ConsumerDef[] {
  const seen = new Map<string, string>();
  return registry.map(({ module, build }) => {
    const def = build(ctx);
    if (!NAME.test(def.name) || def.name.includes('__')) throw new Error(`Consumer "${def.name}" of module ${module}: bad name`);
    const other = seen.get(def.name);
    if (other) throw new Error(`Consumer "${def.name}" is declared by both ${other} and ${module}`);
    seen.set(def.name, module);
    return def;
  });
}

/**
 * A consumer whose successful handling is reported: the app drops the tenant's cached list totals
 * then (docs/api-conventions.md "Lists"), as the route kit does after a committed command, so a
 * list counts what the automation wrote without waiting for the cache to expire.
 */
export function reportingHandled(def: ConsumerDef, onHandled: ((tenantId: string) => void) | undefined): ConsumerDef {
  if (!onHandled) return def;
  return {
    ...def,
    async handle(msg) {
      await def.handle(msg);
      onHandled(msg.tenantId);
    },
  };
}
