import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';

/** A JSON value nested `depth` arrays deep. */
const deepJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/**
 * Every API JSON body (issue #24, with uploads.int.test.ts): nesting beyond 64 levels is refused with
 * 400 before an object is built, and `__proto__` keys are dropped rather than merged or refused.
 */
describe.each(testDialects)('security suite: JSON bodies on %s', (dialect) => {
  let t: TestApp;
  let ada: Record<string, string>;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterEach(() => t.close());

  it('an API body nested beyond 64 levels is refused with 400; 64 are taken', async () => {
    const goal = (extra: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/goals',
        headers: { ...ada, 'content-type': 'application/json' },
        payload: `{"metric":"steps","target":10000,"direction":"at_least","period":"daily","x":${extra}}`,
      });
    expect((await goal(deepJson(62))).statusCode).toBe(201);
    const deep = await goal(deepJson(64));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'The JSON body nests deeper than 64 levels; it was not read.',
      },
    });
  });

  it('drops __proto__ keys from API bodies rather than merging them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { ...ada, 'content-type': 'application/json' },
      payload:
        '{"metric":"steps","target":9000,"direction":"at_least","period":"daily","__proto__":{"target":1,"userId":"x"}}',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ metric: 'steps', target: 9000 });
    expect(({} as Record<string, unknown>).target).toBeUndefined();
  });
});
