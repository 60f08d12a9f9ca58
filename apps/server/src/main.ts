import { buildApp } from './app';
import { loadConfig } from './config';
import { hasDemoAccount, seedDemoIfEmpty, DEMO_EMAIL } from './seed/demo';
import { describeDatabase, startupBanner, type DemoLine } from './startup/banner';
import { writePidFile } from './startup/pid-file';
import { shutdownOnSignals } from './startup/shutdown';

const config = loadConfig();
const { app, db, bulk, lifecycle, identity, insightJobs } = await buildApp(config);

let removePidFile = () => {};
const shutdown = shutdownOnSignals({
  app,
  lifecycle,
  log: app.log,
  graceMs: config.shutdownGraceSeconds * 1000,
  onExit: () => removePidFile(),
});
// Started by `npm start` (scripts/start.mjs) with an IPC channel: when that process goes — even killed
// outright, with no signal to pass on — the channel closes and the server stops, leaving no orphan on the port.
if (process.send) process.on('disconnect', () => void shutdown('parent exited'));

const seeded = await seedDemoIfEmpty(config, db, bulk, identity, app.log);
// The demo account has its insights on its first visit: computed before the server opens.
if (seeded) await insightJobs.runSeeded(seeded.userId);
await app.listen({ port: config.port, host: config.host });
removePidFile = writePidFile(config.dataDir);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.log.info({ port }, 'listening');
// Log lines are written asynchronously (pino's sonic-boom on fd 1): give those in flight a moment to land,
// so the banner is the last thing on the terminal.
await new Promise((resolve) => setTimeout(resolve, 100));

let demo: DemoLine | undefined;
if (seeded) demo = { email: seeded.email, password: seeded.password };
else if (config.env === 'development' && (await hasDemoAccount(db))) demo = { email: DEMO_EMAIL };
// The last lines of start-up, whatever the log format: where to go, and the demo account.
console.log(
  `\n${startupBanner(`http://localhost:${port}`, describeDatabase(config.database), demo, config.role)}\n`,
);
