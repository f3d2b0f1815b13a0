/**
 * Entry point of the one server process: open the database (migrate, seed), build the app,
 * listen on PORT; graceful shutdown on SIGINT/SIGTERM (finish requests, close the database).
 */
import { loadConfig } from './config';
import { openDatabase } from './db';
import { DataDirLockedError } from './db/lock';

async function main(): Promise<void> {
  // Until the port is open no handle keeps the event loop alive. When the start awaits work that V8
  // hands back outside libuv (PGlite's WebAssembly), the loop would run dry, and Node then waits for
  // every background task to end, the WebAssembly tier-up compilations included, before it goes on:
  // 0.4–1.4 s of a start under load. A timer keeps the loop turning until listen (docs/performance.md
  // "Start time").
  const keepAlive = setInterval(() => undefined, 60_000);
  const config = loadConfig();
  const opening = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax });
  // the app's modules (routes, Fastify, zod schemas) load while PGlite opens: its file reads and
  // WebAssembly compilation leave the main thread free (docs/performance.md "Start time")
  const loading = Promise.all([import('./app'), import('./seed'), import('./auth/site-origins')]);
  loading.catch(() => undefined); // a failed open ends the start first; the error is the open's
  let opened;
  try {
    opened = await opening;
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(`\n${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  const [{ buildApp }, { seed }, { describeLinkOrigin, isLoopbackHostname }] = await loading;
  await seed(opened.db);
  // the event runtime (tail, consumers, SSE hub) starts once the port is open: its dozen consumers'
  // registrations no longer hold up the first answer (docs/performance.md "Start time")
  const app = await buildApp({ config, db: opened.db, eventsOnReady: false });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and closing the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await opened.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  clearInterval(keepAlive);
  try {
    await app.events.start();
  } catch (e) {
    // as when it started before listening: a runtime that cannot start (NATS unreachable) ends the process
    console.error(e);
    await app.close().catch(() => undefined);
    await opened.close().catch(() => undefined);
    process.exit(1);
  }
  const engine = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  const local = `http://localhost:${config.port}`;
  const listening = isLoopbackHostname(config.host) ? `${local} (this machine only; HOST=0.0.0.0 opens it to the network)` : `${local}, listening on ${config.host}`;
  console.log(`\nSeller Console on ${listening}  — database: ${engine}`);
  // where the mailed links point: an operator sees at once whether SITE_URL is needed
  if (!config.supabaseUrl) console.log(describeLinkOrigin(config, app));
  if (!config.production && !config.smtpUrl && !config.supabaseUrl) {
    const who = config.devMailboxPublic ? 'any client (DEV_MAILBOX_PUBLIC)' : 'this machine only';
    console.log(`Sign in with admin@demo.local, agent@demo.local or seller@demo.local; links land in ${local}/dev/mailbox (${who})\n`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
