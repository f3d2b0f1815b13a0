/** Embedded Supabase-compatible auth (placeholder until the auth module lands). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Config } from '../config';

export interface EmbeddedAuthDeps { db: Db; config: Config; secret: string }

export async function registerEmbeddedAuth(_app: FastifyInstance, _deps: EmbeddedAuthDeps): Promise<void> {}
