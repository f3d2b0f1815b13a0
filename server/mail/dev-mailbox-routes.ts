/**
 * GET /dev/mailbox (page) and GET /dev/mailbox.json?to=EMAIL (scripts) — docs/auth.md, "Dev mailbox".
 * Not registered in production (NODE_ENV=production), so both answer 404 there. Elsewhere they
 * answer loopback clients only, unless DEV_MAILBOX_PUBLIC=true: whoever reads the mailbox can sign
 * in as anyone.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { Config } from '../config';
import { listMailbox } from './mailbox-store';
import { renderMailboxPage } from './mailbox-page';
import { isLoopbackClient } from './loopback-client';

const NEWEST = 50;

export const MAILBOX_LOOPBACK_ONLY =
  'The dev mailbox answers only on this machine (loopback). Set DEV_MAILBOX_PUBLIC=true to open it to the network.';

export function registerDevMailbox(app: FastifyInstance, db: Db, config: Pick<Config, 'devMailboxPublic' | 'trustProxy'>): void {
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    if (config.devMailboxPublic || isLoopbackClient(req, config.trustProxy)) return;
    return reply
      .code(403)
      .header('cache-control', 'no-store')
      .send({ message: MAILBOX_LOOPBACK_ONLY, code: 'mailbox_loopback_only', details: null });
  };

  app.get('/dev/mailbox', { onRequest: guard }, async (req, reply) => {
    const to = (req.query as { to?: unknown }).to;
    const filter = typeof to === 'string' && to.trim() ? to : undefined;
    const mails = await listMailbox(db, { to: filter, limit: NEWEST });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderMailboxPage(mails, filter));
  });

  app.get('/dev/mailbox.json', { onRequest: guard }, async (req, reply) => {
    const to = (req.query as { to?: unknown }).to;
    const mails = await listMailbox(db, { to: typeof to === 'string' && to.trim() ? to : undefined, limit: NEWEST });
    return reply
      .header('cache-control', 'no-store')
      .send(mails.map(({ id, to: addr, subject, link, created_at }) => ({ id, to: addr, subject, link, created_at })));
  });
}
