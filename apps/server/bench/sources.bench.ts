/**
 * Sync speed: `npx tsx apps/server/bench/sources.bench.ts [--days 365] [--only oura,strava]`
 *
 * For every connector: its fake on loopback (a generated year), a server on a fresh SQLite file pointed at
 * it, the person connecting (OAuth consent, or a password for Peloton, Eight Sleep and FreeStyle Libre) and a
 * sync of `--days` days (LibreLinkUp serves only its recent graph and logbook). SMART on FHIR has its own
 * bench (smart-sync.bench.ts); the report builder, a feed of the person's own, is left out. Measured: the
 * sync's wall time, the requests it made and the samples it wrote. Baseline in the same run: the connector's
 * own pages fetched and mapped straight from the fake with no server and no database — what the provider
 * and the mapping alone cost — so the ratio is the framework's and the database's share.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectors, type Connector, type TokenSet } from '@healthfolio/connectors';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { createAccount } from '../src/identity/accounts';
import { exchangeCode, newCodeVerifier } from '../src/modules/sources/oauth';
import { createProviderHttp } from '../src/modules/sources/provider-http';
import { connectThroughConsent, fakeEnv, startFake } from '../test/sources/helpers';

const { values: args } = parseArgs({
  options: { days: { type: 'string', default: '365' }, only: { type: 'string' } },
});
const days = Number(args.days);
const DAY = 86_400_000;
const only = args.only?.split(',');
const PASSWORD = 'sandbox';
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Pages and samples straight from the fake: sign in directly, then the connector's sync and normalize. */
async function baseline(connector: Connector): Promise<{ ms: number; samples: number; requests: number }> {
  const now = Date.now();
  const fake = await startFake(connector, { now: () => now });
  try {
    let tokens: TokenSet;
    const endpoints = {
      name: connector.manifest.kind,
      apiBaseUrl: fake.url,
      authBaseUrl: fake.url,
      authorizeBaseUrl: fake.url,
      clientId: 'healthfolio-sandbox',
      clientSecret: 'sandbox-secret',
    };
    if (connector.login) {
      tokens = await connector.login(
        { username: 'ada@example.com', password: PASSWORD },
        { baseUrl: fake.url, fetch, now, clientId: endpoints.clientId, clientSecret: endpoints.clientSecret },
      );
    } else {
      const oauth = connector.manifest.oauth!;
      const form = new URLSearchParams({
        decision: 'allow',
        redirect_uri: 'http://127.0.0.1/cb',
        state: 's',
      });
      // Providers that require PKCE (Blue Button) see the S256 challenge of a verifier sent with the code.
      const verifier = oauth.pkce ? newCodeVerifier() : null;
      if (verifier) {
        form.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
        form.set('code_challenge_method', 'S256');
      }
      const approve = await fetch(`${fake.url}${oauth.authorizePath}`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
      tokens = await exchangeCode(connector.manifest, endpoints, code, 'http://127.0.0.1/cb', verifier, now);
    }
    let requests = 0;
    const http = createProviderHttp({
      // LibreLinkUp's region redirect moves the API, as the server's connection does.
      baseUrl: String(tokens.extra?.apiBaseUrl ?? fake.url),
      providerName: connector.manifest.kind,
      tokens: () => tokens,
      refresh: () => Promise.resolve(tokens),
      signal: new AbortController().signal,
      onRequest: () => void requests++,
    });
    const t0 = performance.now();
    let samples = 0;
    for await (const page of connector.sync({
      http,
      from: now - days * DAY,
      to: now,
      cursor: null,
      timeZone: 'America/New_York',
      signal: new AbortController().signal,
      extra: tokens.extra ?? {},
    })) {
      samples += connector.normalize(page, { timeZone: 'America/New_York' }).length;
    }
    return { ms: performance.now() - t0, samples, requests };
  } finally {
    await fake.close();
  }
}

/** The whole path: a server, the person connecting, a sync of `days` through the background runner. */
async function throughServer(connector: Connector) {
  const kind = connector.manifest.kind;
  const now = Date.now();
  const fake = await startFake(connector, { now: () => now });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-sources-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    SANDBOX_PROVIDERS: 'false',
    ...fakeEnv(kind, fake),
  });
  const database = openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'bench.db') });
  const { db } = database;
  await migrateToLatest(db, database.pg);
  const built = await buildApp(config, { database, syncScheduleMs: 0, insightDebounceMs: 3_600_000 });
  try {
    const t = { ...built, config, close: async () => {} };
    await createAccount(built.identity, {
      email: 'ada@example.com',
      password: PASSWORD + '-account',
      name: 'Ada',
      emailVerified: true,
    });
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'ada@example.com', password: PASSWORD + '-account' },
    });
    const auth = {
      authorization: `Bearer ${(login.json() as { data: { accessToken: string } }).data.accessToken}`,
    };
    if (connector.login) {
      const res = await built.app.inject({
        method: 'POST',
        url: `/api/integrations/${kind}/connect`,
        headers: auth,
        payload: { username: 'ada@example.com', password: PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`${kind} connect answered ${res.statusCode}: ${res.body}`);
    } else {
      await connectThroughConsent(t, auth, kind);
    }
    // The connect queues a first sync of the connector's default window; the measured one reaches `days` back.
    await built.syncRunner.idle();
    await built.db.kysely.deleteFrom('samples').execute();
    await built.db.kysely.deleteFrom('daily_rollups').execute();
    const t0 = performance.now();
    const res = await built.app.inject({
      method: 'POST',
      url: `/api/integrations/${kind}/sync?days=${days}`,
      headers: auth,
    });
    if (res.statusCode !== 202) throw new Error(`${kind} sync answered ${res.statusCode}: ${res.body}`);
    await built.syncRunner.idle();
    const ms = performance.now() - t0;
    const run = await built.db.kysely
      .selectFrom('sync_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    if (run.status !== 'succeeded') throw new Error(`${kind} sync ${run.status}: ${run.error}`);
    return { ms, requests: run.requests, samples: run.samples, inserted: run.inserted };
  } finally {
    await built.app.close();
    await db.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Record<string, unknown>[] = [];
for (const connector of connectors) {
  const kind = connector.manifest.kind;
  if (only && !only.includes(kind)) continue;
  // SMART on FHIR kinds read clinical records, not a year of one person's device: smart-sync.bench.ts.
  if (connector.manifest.oauth?.discovery === 'smart') continue;
  // The report builder pulls the person's own feed, set up with a URL and key, not a provider's year.
  if (!connector.login && !connector.manifest.oauth) continue;
  const bare = await baseline(connector);
  const full = await throughServer(connector);
  rows.push({
    provider: kind,
    days,
    seconds: round(full.ms / 1000),
    requests: full.requests,
    samplesWritten: full.inserted,
    baselineSeconds: round(bare.ms / 1000),
    ratioToBaseline: round(full.ms / bare.ms, 1),
  });
  console.log(JSON.stringify(rows[rows.length - 1]));
}
console.table(rows);
