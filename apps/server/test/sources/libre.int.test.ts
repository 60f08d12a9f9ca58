import { createHash } from 'node:crypto';
import { freestyleLibre } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVault } from '../../src/modules/sources/token-vault';
import { testDialects } from '../databases';
import {
  connectorFixture,
  expectDisconnect,
  firstSyncDone,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';
import { userNo } from '../../src/db/user-number';

/** The password the LibreLinkUp fake accepts; anything else is `{status: 2}`. */
const PASSWORD = 'sandbox';
const APP = { product: 'llu.android', version: '4.16.0' };

interface Item {
  FactoryTimestamp: string;
  ValueInMgPerDl: number;
}

describe.each(testDialects)(
  'the FreeStyle Libre (LibreLinkUp) connector against its fake on %s',
  (dialect) => {
    let f: ConnectorFixture;
    beforeAll(async () => {
      f = await connectorFixture(freestyleLibre, dialect);
    });
    afterAll(() => f.close());

    // SPEC §7: POST /integrations/libre/connect.
    const connect = (password: string, auth = f.ada) =>
      f.t.app.inject({
        method: 'POST',
        url: '/api/integrations/libre/connect',
        headers: auth,
        payload: { username: 'sam@example.com', password },
      });
    const rows = () =>
      f.t.db.kysely
        .selectFrom('samples')
        .innerJoin('users', 'users.user_no', 'samples.user_no')
        .select(['start_at', 'value', 'unit', 'utc_offset_min', 'origin_id', 'users.id as user_id', 'meta'])
        .where('source', '=', 'freestyle_libre')
        .where('kind', '=', 'blood_glucose')
        .orderBy('start_at')
        .execute();
    const savedTokens = async () => {
      const connection = await f.t.db.kysely
        .selectFrom('source_connections')
        .selectAll()
        .where('kind', '=', 'freestyle_libre')
        .executeTakeFirstOrThrow();
      return {
        connection,
        tokens: TokenVault.open(f.t.config.dataDir, f.t.config.encryptionKey).unseal(connection.tokens!)!,
      };
    };

    /** What the fake holds right now, read the way the LibreLinkUp app reads it. */
    async function fromTheFake(): Promise<{ graph: Item[]; latest: Item; logbook: Item[] }> {
      const login = (await (
        await fetch(`${f.fake.url}/eu/llu/auth/login`, {
          method: 'POST',
          headers: { ...APP, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'sam@example.com', password: PASSWORD }),
        })
      ).json()) as { data: { user: { id: string }; authTicket: { token: string } } };
      const headers = {
        ...APP,
        authorization: `Bearer ${login.data.authTicket.token}`,
        'account-id': createHash('sha256').update(login.data.user.id).digest('hex'),
      };
      const get = async (path: string) =>
        (await (await fetch(`${f.fake.url}/eu${path}`, { headers })).json()) as { data: unknown };
      const patientId = ((await get('/llu/connections')).data as { patientId: string }[])[0]!.patientId;
      const graph = (await get(`/llu/connections/${patientId}/graph`)).data as {
        graphData: Item[];
        connection: { glucoseMeasurement: Item };
      };
      const logbook = (await get(`/llu/connections/${patientId}/logbook`)).data as Item[];
      return { graph: graph.graphData, latest: graph.connection.glucoseMeasurement, logbook };
    }
    const utcOf = (stamp: string) => {
      const [date, time, half] = stamp.split(' ') as [string, string, string];
      const [m, d, y] = date.split('/').map(Number) as [number, number, number];
      const [h, min, s] = time.split(':').map(Number) as [number, number, number];
      return Date.UTC(y, m - 1, d, (h % 12) + (half === 'PM' ? 12 : 0), min, s);
    };

    it('lists FreeStyle Libre as a password sign-in that needs no app registration', async () => {
      expect(await f.source()).toMatchObject({
        status: 'disconnected',
        configured: true,
        connectMethod: 'credentials',
      });
    });

    it('refuses a wrong password with a readable message and saves nothing', async () => {
      const res = await connect('hunter2');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.message).toBe(
        'FreeStyle Libre did not accept the sign-in: the email or password is wrong (notAuthenticated)',
      );
      expect(res.body).not.toContain('hunter2');
      expect(await f.source()).toMatchObject({ status: 'disconnected' });
      const missing = await f.t.app.inject({
        method: 'POST',
        url: '/api/integrations/libre/connect',
        headers: f.ada,
        payload: { username: 'sam@example.com' },
      });
      expect(missing.statusCode).toBe(400);
    });

    it('follows the region redirect, keeps the regional host and the shared patient, never the password', async () => {
      const res = await connect(PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ authorizationUrl: null });
      await firstSyncDone(f);
      const { connection, tokens } = await savedTokens();
      expect(tokens.extra).toMatchObject({
        apiBaseUrl: `${f.fake.url}/eu`,
        patientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        accountId: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      // The ticket's expiry (six months) is the token's.
      expect(tokens.expiresAt).toBeGreaterThan(f.clock.now() + 170 * 86_400_000);
      expect(JSON.stringify(connection)).not.toContain('sam@example.com');
      expect(JSON.stringify(tokens)).not.toContain(PASSWORD);
      const payloads = await f.t.db.kysely.selectFrom('sync_payloads').select('payload').execute();
      expect(payloads.length).toBeGreaterThan(0);
      for (const p of payloads) expect(p.payload).not.toContain(tokens.accessToken);
    });

    it('syncs the graph and the logbook, once per reading where they overlap', async () => {
      const { graph, latest, logbook } = await fromTheFake();
      const all = [...graph, latest, ...logbook];
      const distinct = new Set(all.map((i) => utcOf(i.FactoryTimestamp)));
      // The latest reading is in the graph and the logbook, and alarms sit on history slots.
      expect(distinct.size).toBeLessThan(all.length);
      expect(graph.length).toBeGreaterThanOrEqual(47);
      expect(logbook.length).toBeGreaterThan(14 * 5);

      const stats = await f.syncStats();
      expect(stats.history[0]).toMatchObject({
        status: 'succeeded',
        requests: 2,
        samples: all.length,
        inserted: distinct.size,
      });
      const stored = await rows();
      expect(stored.map((r) => Number(r.start_at))).toEqual([...distinct].sort((a, b) => a - b));
      const byTime = new Map(all.map((i) => [utcOf(i.FactoryTimestamp), i.ValueInMgPerDl]));
      for (const r of stored) {
        expect(r).toMatchObject({ unit: 'mg/dL', user_id: f.adaId, utc_offset_min: 60 }); // Berlin in November
        expect(r.value).toBe(byTime.get(Number(r.start_at)));
        expect(r.origin_id).toBe(new Date(Number(r.start_at)).toISOString());
      }
      const newest = stored.at(-1)!;
      expect(Number(newest.start_at)).toBe(utcOf(latest.FactoryTimestamp));
      expect(JSON.parse(newest.meta!).provenance).toMatchObject({
        reading: 'scan',
        trend: expect.any(String),
      });
      expect(Number(stored[0]!.start_at)).toBeLessThan(f.clock.now() - 13 * 86_400_000);
    });

    it('re-syncs without adding anything, and an hour later adds the new readings', async () => {
      const again = await f.syncNow();
      expect(again.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
      expect(again.history[0]!.samples).toBeGreaterThan(100);

      f.clock.advance(60 * 60_000);
      // Our own sign-in lapsed with the hour; LibreLinkUp's six-month ticket did not.
      await f.signInAgain();
      const later = await f.syncNow();
      // Four new history slots and a new latest reading, perhaps a scan or an alarm.
      expect(later.history[0]!.inserted).toBeGreaterThanOrEqual(5);
      expect(later.history[0]!.inserted).toBeLessThanOrEqual(9);
    });

    it('waits out a 429 with Retry-After and finishes the sync', async () => {
      const { stats, answered } = await syncThrough429(f, 1, 2);
      expect(answered).toBe(2);
      expect(stats.history[0]!.requests).toBe(3);
    });

    it('sends the app’s headers and Account-Id, which LibreLinkUp insists on', async () => {
      const { tokens } = await savedTokens();
      const graph = `${f.fake.url}/eu/llu/connections/${tokens.extra!.patientId}/graph`;
      const bearer = { authorization: `Bearer ${tokens.accessToken}` };
      const oldApp = await (
        await fetch(graph, { headers: { ...bearer, product: 'llu.android', version: '4.2.1' } })
      ).json();
      expect(oldApp).toMatchObject({ status: 920, data: { minimumVersion: '4.16.0' } });
      expect((await fetch(graph, { headers: { ...bearer, ...APP } })).status).toBe(403);
      const ok = await fetch(graph, {
        headers: { ...bearer, ...APP, 'account-id': String(tokens.extra!.accountId) },
      });
      expect(ok.status).toBe(200);
    });

    it('asks to connect again when the ticket has expired, and signing in again resumes', async () => {
      f.fake.control.expireTokens!();
      await f.syncNow();
      const status = await f.syncStatus();
      expect(status.status).toBe('error');
      expect(status.error).toBe(
        'FreeStyle Libre no longer accepts the saved sign-in. Connect FreeStyle Libre again.',
      );
      expect(await f.source()).toMatchObject({ status: 'error' });

      const res = await connect(PASSWORD);
      expect(res.statusCode, res.body).toBe(200);
      await f.t.syncRunner.idle();
      expect(await f.syncStatus()).toMatchObject({ status: 'connected', error: null });
    });

    it('connects the sandbox mounted on this server, region redirect included', async () => {
      // The server reaches its own sandbox on its loopback address once it listens.
      const self = await f.t.app.listen({ host: '127.0.0.1', port: 0 });
      const res = await f.t.app.inject({
        method: 'POST',
        url: '/api/integrations/libre/connect',
        headers: f.ben,
        payload: { username: 'ben@example.com', password: PASSWORD, sandbox: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.source).toMatchObject({ kind: 'freestyle_libre', sandbox: true });
      await f.t.syncRunner.idle();
      expect(await f.syncStatus(f.ben)).toMatchObject({ status: 'connected', error: null });
      const row = await f.t.db.kysely
        .selectFrom('source_connections')
        .selectAll()
        .where('kind', '=', 'freestyle_libre')
        .where('user_id', '=', f.benId)
        .executeTakeFirstOrThrow();
      const tokens = TokenVault.open(f.t.config.dataDir, f.t.config.encryptionKey).unseal(row.tokens!)!;
      expect(tokens.extra!.apiBaseUrl).toBe(`${self}/sandbox/freestyle_libre/eu`);
      const bens = await f.t.db.kysely
        .selectFrom('samples')
        .select('id')
        .where('user_no', '=', userNo(f.benId))
        .where('source', '=', 'freestyle_libre')
        .execute();
      expect(bens.length).toBeGreaterThan(100);
    });

    it('disconnects, keeping the readings unless asked to delete them', async () => {
      const adas = async () => (await rows()).filter((r) => r.user_id === f.adaId);
      await expectDisconnect(f, {
        keeper: f.ada,
        revoked: false,
        kept: async () => expect((await adas()).length).toBeGreaterThan(100),
        deleted: 100,
        gone: async () => expect(await adas()).toEqual([]),
      });
    });
  },
);
