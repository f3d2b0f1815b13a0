/**
 * GET /dev/mailbox (page) and GET /dev/mailbox.json?to=EMAIL (scripts) — issue 2 §6.
 * Not registered in production (NODE_ENV=production), so both answer 404 there.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { listMailbox } from './mailbox-store';
import { renderMailboxPage } from './mailbox-page';

const NEWEST = 50;

export function registerDevMailbox(app: FastifyInstance, db: Db): void {
  app.get('/dev/mailbox', async (req, reply) => {
    const to = (req.query as { to?: unknown }).to;
    const filter = typeof to === 'string' && to.trim() ? to : undefined;
    const mails = await listMailbox(db, { to: filter, limit: NEWEST });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderMailboxPage(mails, filter));
  });

  app.get('/dev/mailbox.json', async (req, reply) => {
    const to = (req.query as { to?: unknown }).to;
    const mails = await listMailbox(db, { to: typeof to === 'string' && to.trim() ? to : undefined, limit: NEWEST });
    return reply
      .header('cache-control', 'no-store')
      .send(mails.map(({ id, to: addr, subject, link, created_at }) => ({ id, to: addr, subject, link, created_at })));
  });
}
