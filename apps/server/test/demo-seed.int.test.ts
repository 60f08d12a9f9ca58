import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, seedDemoIfEmpty } from '../src/seed/demo';
import { createTestApp, type TestApp } from './app';
import { testDialects } from './databases';
import { bearer, login } from './identity/helpers';

describe.each(testDialects)('demo seed on %s', (dialect) => {
  let t: TestApp;
  let printed = '';
  let seeded: Awaited<ReturnType<typeof seedDemoIfEmpty>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const seed = async () => {
    const write = console.log;
    console.log = (line: string) => (printed += line);
    try {
      seeded = await seedDemoIfEmpty(
        { ...t.config, env: 'development', demoSeed: true },
        t.db,
        t.bulk,
        t.identity,
        t.app.log,
      );
    } finally {
      console.log = write;
    }
  };

  it('gives a new installation a demo account with a year of data, its password told once', async () => {
    await seed();
    // The password goes to the start-up banner (main.ts), never to a log line.
    expect(printed).toBe('');
    const password = seeded?.password;
    expect(password).toMatch(/^\S{12,}$/);
    expect(seeded?.email).toBe(DEMO_EMAIL);
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

    // The first visit to Insights finds them computed: no "No insights yet" on a year of data.
    const insights = await t.app.inject({ method: 'GET', url: '/api/insights', headers: bearer(token) });
    const items = insights.json().data.items as {
      type: string;
      title: string;
      description: string;
      evidence: string;
    }[];
    // Ada's short nights show in her next morning's resting heart rate: a behavioural pair, told plainly.
    const sleepAndHeart = items.find(
      (i) => i.title === 'More sleep, lower resting heart rate the morning after',
    );
    expect(sleepAndHeart).toMatchObject({
      type: 'correlation',
      description:
        'After nights with more sleep than usual, your resting heart rate the next morning was usually lower. ' +
        'Your heart seems to rest better after a longer night.',
    });
    expect(sleepAndHeart?.evidence).toMatch(/^Over the last 365 days .*Spearman r = −0\.\d+/);
    // No trivially coupled pair (steps and distance, active energy and weight, the day's heart rate and activity).
    for (const item of items.filter((i) => i.type === 'correlation'))
      expect(item.title).not.toMatch(/steps|distance|active|weight|heart rate the next day/i);
    expect(insights.json().data.coverage).toBeUndefined();
    for (const item of items) expect(item.description).not.toMatch(/Spearman|Mann–Kendall|p < |p = /);

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
    await seed();
    expect(seeded).toBeUndefined();
    const users = await t.db.kysely.selectFrom('users').select('email').execute();
    expect(users.map((u) => u.email)).toEqual([DEMO_EMAIL]);
  });
});
