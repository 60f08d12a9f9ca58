import { buildApp } from './app';
import { loadConfig } from './config';
import { hasDemoAccount, seedDemoIfEmpty, DEMO_EMAIL } from './seed/demo';
import { describeDatabase, startupBanner, type DemoLine } from './startup/banner';
import { writePidFile } from './startup/pid-file';

const config = loadConfig();
const { app, db, identity, insightJobs } = await buildApp(config);

let removePidFile = () => {};
let closing = false;
async function shutdown(reason: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    removePidFile();
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  removePidFile();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// Started by `npm start` (scripts/start.mjs) with an IPC channel: when that process goes — even killed
// outright, with no signal to pass on — the channel closes and the server stops, leaving no orphan on the port.
if (process.send) process.on('disconnect', () => void shutdown('parent exited'));

const seeded = await seedDemoIfEmpty(config, db, identity, app.log);
// The demo account has its insights on its first visit: computed before the server opens.
if (seeded) await insightJobs.runNow(seeded.userId);
await app.listen({ port: config.port, host: config.host });
removePidFile = writePidFile(config.dataDir);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info({ port }, 'listening');

let demo: DemoLine | undefined;
if (seeded) demo = { email: seeded.email, password: seeded.password };
else if (config.env === 'development' && (await hasDemoAccount(db))) demo = { email: DEMO_EMAIL };
// The last lines of start-up, whatever the log format: where to go, and the demo account.
console.log(`\n${startupBanner(`http://localhost:${port}`, describeDatabase(config.database), demo)}\n`);
