import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, seedDemoIfEmpty } from '../src/seed/demo';
import { createTestApp, type TestApp } from './app';
import { testDialects } from './databases';
import { bearer, login } from './identity/helpers';

describe.each(testDialects)('demo seed on %s', (dialect) => {
  let t: TestApp;
  let printed = '';
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const seed = async () => {
    const write = console.log;
    console.log = (line: string) => (printed += line);
    try {
      await seedDemoIfEmpty({ ...t.config, env: 'development', demoSeed: true }, t.db, t.identity, t.app.log);
    } finally {
      console.log = write;
    }
  };

  it('gives a new installation a demo account with a year of data, password printed once', async () => {
    await seed();
    const password = /password: (\S+)/.exec(printed)?.[1];
    expect(password).toBeDefined();
    const res = await login(t, DEMO_EMAIL, password);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.accessToken as string;
    // The demo account is the place for sandbox play: what its sandbox connections bring counts.
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) });
    expect(settings.json().data.preferences).toMatchObject({ includeSandboxData: true });

    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/metrics/summary',
      headers: bearer(token),
    });
    const types = summary.json().data.items.map((i: { type: string }) => i.type);
    expect(types).toEqual(
      expect.arrayContaining(['steps', 'heart_rate', 'sleep_duration', 'weight', 'ldl_cholesterol']),
    );

    // Watch and phone both counted Ada's steps: the year's daily totals stay those of one person.
    const steps = await t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=steps&bucket=month',
      headers: bearer(token),
    });
    const months = steps.json().data.items as { sum: number; start: string; end: string }[];
    const perDay = months.map((m) => m.sum / ((Date.parse(m.end) - Date.parse(m.start)) / 86_400_000));
    for (const day of perDay.slice(1, -1)) expect(day).toBeGreaterThan(7_000);
    for (const day of perDay) expect(day).toBeLessThan(20_000);
  });

  it('does nothing once the installation has users', async () => {
    printed = '';
    await seed();
    expect(printed).toBe('');
    const users = await t.db.kysely.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).toEqual([DEMO_EMAIL]);
  });
});
