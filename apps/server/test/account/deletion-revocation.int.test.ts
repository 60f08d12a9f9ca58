import { oura } from '@healthfolio/connectors';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenVault } from '../../src/modules/sources/token-vault';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { connectThroughConsent, fakeEnv, startFake, type RunningFake } from '../sources/helpers';

describe.each(testDialects)('account deletion at the providers, on %s', (dialect) => {
  let t: TestApp;
  let fake: RunningFake;
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it("revokes the person's provider tokens at the provider, and no one else's", async () => {
    fake = await startFake(oura, { clientId: 'test-client', clientSecret: 'test-secret' });
    t = await createTestApp(dialect, fakeEnv('oura', fake), { insightDebounceMs: 3_600_000 });
    const people = [];
    for (const email of ['ada@example.com', 'ben@example.com']) {
      const user = await createUser(t, email);
      const auth = bearer((await signIn(t, email)).accessToken);
      await connectThroughConsent(t, auth, 'oura');
      people.push({ user, auth });
    }
    await t.syncRunner.idle();
    const vault = TokenVault.open(t.config.dataDir, t.config.encryptionKey);
    const refreshTokenOf = async (userId: string) => {
      const row = await t.db.kysely
        .selectFrom('source_connections')
        .select('tokens')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return vault.unseal(row.tokens!)!.refreshToken!;
    };
    const [ada, ben] = people as [(typeof people)[0], (typeof people)[0]];
    const adaToken = await refreshTokenOf(ada.user.id);
    const benToken = await refreshTokenOf(ben.user.id);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/settings/account', headers: ada.auth });
    expect(res.statusCode).toBe(200);

    // The provider's token endpoint (RFC 6749 §6): Ada's grant is gone there, Ben's still refreshes.
    const refresh = (token: string) =>
      fetch(`${fake.url}${oura.manifest.oauth!.tokenPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: token,
          client_id: 'test-client',
          client_secret: 'test-secret',
        }),
      });
    const refused = await refresh(adaToken);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await refresh(benToken)).status).toBe(200);
  });
});
