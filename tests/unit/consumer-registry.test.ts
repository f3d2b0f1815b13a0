/**
 * The consumer registry (server/events/consumers.ts): the consumers the domain modules declare, read
 * from the one module list, with unique, well-formed names (they key durable state).
 */
import { describe, expect, it } from 'vitest';
import { apiModules } from '../../server/api/routes';
import { buildConsumers, consumerRegistry, type ConsumerContext, type ConsumerFactory } from '../../server/events/consumers';
import { loadEventsConfig } from '../../server/events/config';
import type { Db } from '../../server/db';

const ctx: ConsumerContext = { db: {} as Db, cfg: loadEventsConfig({ production: false }) };
const consumer = (name: string, filterSubjects = ['>']): ConsumerFactory => () => ({ name, filterSubjects, handle: async () => undefined });

describe('consumer registry', () => {
  it('holds what the modules of server/api/routes.ts declare (the webhooks module: its deliveries)', () => {
    const registry = consumerRegistry(apiModules);
    expect(registry.length).toBe(apiModules.reduce((n, m) => n + (m.consumers?.length ?? 0), 0));
    // building checks every declared name: unique and well-formed
    const defs = buildConsumers(registry, ctx);
    const webhooks = defs.findIndex((d) => d.name === 'webhooks');
    expect(registry[webhooks].module).toBe('webhooks');
    expect(defs[webhooks].filterSubjects).toEqual(['>']);
  });

  it('adds a consumer by declaring it in a module, in list order', () => {
    const modules = [
      { name: 'alpha', consumers: [consumer('alpha-one', ['orders.*'])] },
      { name: 'plain' },
      { name: 'beta', consumers: [consumer('beta-one'), consumer('beta-two', ['products.created'])] },
    ];
    expect(buildConsumers(consumerRegistry(modules), ctx).map((d) => d.name)).toEqual(['alpha-one', 'beta-one', 'beta-two']);
  });

  it('refuses a name two modules declare, and names that cannot key durable state', () => {
    const twice = [{ name: 'a', consumers: [consumer('same')] }, { name: 'b', consumers: [consumer('same')] }];
    expect(() => buildConsumers(consumerRegistry(twice), ctx)).toThrow('Consumer "same" is declared by both a and b');
    for (const bad of ['Upper', 'with space', 'a__b', '-dash']) {
      expect(() => buildConsumers(consumerRegistry([{ name: 'm', consumers: [consumer(bad)] }]), ctx)).toThrow('bad name');
    }
  });
});
