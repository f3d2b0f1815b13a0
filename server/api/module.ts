/**
 * A domain module: everything the server learns about a domain, declared in `server/api/<domain>/`
 * (its `routes.ts` default export) and listed once in server/api/routes.ts. The app registers the
 * routes; the event runtime reads the consumers (server/events/consumers.ts), and the outbox the live
 * routes (server/events/live-table.ts, handed down by server/app.ts). A domain's events are declared
 * in its contract (`contract/<domain>-events.ts`, the event catalogue). Nothing else is edited
 * to add a domain (docs/api-conventions.md "Domain modules").
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Config } from '../config';
import type { ConsumerFactory } from '../events/consumers';
import type { LiveRoute } from '../../contract/events';
import type { RouteDef } from './kit';

export interface Services {
  db: Db;
  config: Config;
}

export interface Api {
  app: FastifyInstance;
  services: Services;
  route<P, Q, B, A>(def: RouteDef<P, Q, B, A>): void;
}

/** Registers a domain's routes through `api.route` (the route kit). */
export type ApiModule = (api: Api) => void;

export interface DomainModule {
  /** The domain's name: its folder under server/api/. */
  readonly name: string;
  readonly routes: ApiModule;
  /** Durable event consumers the domain runs (name, subjects, handler). */
  readonly consumers?: readonly ConsumerFactory[];
  /**
   * Live routing of the events the domain writes (its `contract/<domain>.ts` rows): the outbox
   * stores them in that stream (server/events/live-table.ts). Subjects with no row go to JOBS.
   */
  readonly live?: readonly LiveRoute[];
}

/** The live rows of the modules, in list order: server/app.ts hands them to the outbox's table (server/events/live-table.ts). */
export function liveRoutesOf(modules: readonly DomainModule[]): LiveRoute[] {
  return modules.flatMap((m) => m.live ?? []);
}

/** Declares a module (a typed identity: the declaration reads the same in every domain). */
export function defineModule(m: DomainModule): DomainModule {
  return m;
}
