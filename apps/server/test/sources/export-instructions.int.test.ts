import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';

describe.each(testDialects)('sources that come by their export on %s', (dialect) => {
  let t: TestApp;
  let ada: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterAll(() => t.close());

  it.each([
    ['myfitnesspal', 'myfitnesspal', /Export Data/, /myfitnesspal\.com/],
    ['quest', 'quest_diagnostics', /MyQuest/, /myquest\.questdiagnostics\.com/],
    ['labcorp', 'labcorp', /Labcorp Patient/, /patient\.labcorp\.com/],
  ])('connecting %s explains where its export is and marks it in use', async (route, kind, step, link) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/${route}/connect`,
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.authorizationUrl).toBeNull();
    expect(data.source).toMatchObject({ kind, status: 'connected' });
    expect(data.instructions.steps.join(' ')).toMatch(step);
    expect(data.instructions.steps.join(' ')).toMatch(/Import a file/);
    expect(data.instructions.links[0].href).toMatch(link);
  });
});
