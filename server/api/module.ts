/** What a route module receives: `api.route(def)` plus the shared services. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Config } from '../config';
import type { RouteDef } from './kit';

export interface Services {
  db: Db;
  config: Config;
}

export interface Api {
  app: FastifyInstance;
  services: Services;
  route<P, Q, B>(def: RouteDef<P, Q, B>): void;
}

export type ApiModule = (api: Api) => void;
