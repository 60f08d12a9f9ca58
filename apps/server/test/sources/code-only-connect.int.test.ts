import { oura } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { allowAtConsent, connectorFixture, type ConnectorFixture } from './helpers';

/**
 * SPEC §7 lists some connects with only a code (`POST /integrations/va/connect: code`,
 * `/integrations/dexcom/connect: code`): the code then completes the attempt the same user started.
 */
describe.each(testDialects)('connecting with only the code on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(oura, dialect);
  });
  afterAll(() => f.close());

  /** Starts connecting as `auth` and "clicks Allow": answers the code the provider sent back. */
  async function codeFromConsent(auth: Record<string, string>): Promise<string> {
    const res = await f.get('/api/integrations/oauth/oura', auth);
    return (await allowAtConsent(new URL((res.json() as { data: { url: string } }).data.url))).code;
  }
  const connect = (auth: Record<string, string>, code: string) =>
    f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/connect',
      headers: auth,
      payload: { code },
    });

  it("completes the user's one open attempt, once", async () => {
    const code = await codeFromConsent(f.ada);
    const res = await connect(f.ada, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.source.status).toMatch(/syncing|connected/);
    await f.t.syncRunner.idle();
    // The attempt is used up: the same code again finds nothing open.
    const again = await connect(f.ada, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/unknown, expired or already used/);
  });

  it("never completes another user's attempt, and asks for the state when two are open", async () => {
    const bens = await codeFromConsent(f.ben);
    // Ada has no open attempt: Ben's code is no use to her.
    expect((await connect(f.ada, bens)).statusCode).toBe(400);

    await codeFromConsent(f.ben);
    const res = await connect(f.ben, bens);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/unknown, expired or already used/);
  });
});
