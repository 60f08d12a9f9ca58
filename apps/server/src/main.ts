import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoIfEmpty } from './seed/demo';

const config = loadConfig();
const { app, db, identity } = await buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await seedDemoIfEmpty(config, db, identity, app.log);
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info({ port }, 'listening');
// A plain line for the person who ran `npm start`, whatever the log format.
console.log(`\n  Healthfolio is running — open http://localhost:${port}\n`);
