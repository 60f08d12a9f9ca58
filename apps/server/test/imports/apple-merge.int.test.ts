import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { importFile, overlappingSteps } from './helpers';

describe.each(testDialects)('an Apple Health import with a watch and a phone, on %s', (dialect) => {
  let t: TestApp;
  let ada: { authorization: string };

  beforeEach(async () => {
    // Small batches: the watch's samples arrive batches after the phone's, so their merges wait for the end.
    t = await createTestApp(dialect, {}, { importWriteBatch: 25 });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterEach(() => t.close());

  it('stores both streams and counts each walk once in the daily totals', async () => {
    const job = await importFile(t, ada, 'export.xml', overlappingSteps(10));
    expect(job).toMatchObject({ status: 'succeeded', format: 'apple-health', inserted: 120, rejected: 0 });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=steps&bucket=day&from=2026-03-01&to=2026-03-10&tz=America/Los_Angeles',
      headers: ada,
    });
    const items = (res.json() as { data: { items: { start: string; sum: number }[] } }).data.items;
    expect(items).toHaveLength(10);
    // The watch outranks the phone: 6 × 100 a day — not the phone's 6 × 90, nor both, 6 × 190.
    for (const day of items) expect(day.sum).toBe(600);
  });
});
