import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, importFile } from '../imports/helpers';
import { startReceiver } from './receiver';

describe.each(testDialects)('webhook events of a file import on %s', (dialect) => {
  let t: TestApp;
  let ada: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' }, { webhookCheckMs: 0 });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t)).accessToken);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an import that wrote readings says so with samples.created (kinds and days, no values); a repeat only finishes', async () => {
    const receiver = await startReceiver();
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: ada,
      payload: { url: receiver.url, events: ['import.finished', 'samples.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);

    // Two days of a Dexcom Clarity export: 8 and 9 March, a reading every 5 minutes.
    const file = clarityCsv(2 * 288, '2026-03-08T00:00:00');
    const job = await importFile(t, ada, 'clarity.csv', file);
    expect(job.status, JSON.stringify(job)).toBe('succeeded');
    const again = await importFile(t, ada, 'clarity.csv', file);
    await t.webhookDelivery.idle();
    await t.webhookDelivery.deliverDue();
    const messages = receiver.received.map(
      (r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> },
    );
    await receiver.close();

    expect(messages.map((m) => m.type)).toEqual(['import.finished', 'samples.created', 'import.finished']);
    expect(messages[0]!.data).toMatchObject({ id: job.id, status: 'succeeded', inserted: 576 });
    expect(messages[1]!.data).toEqual({
      source: 'dexcom',
      import: job.id,
      kinds: [{ kind: 'blood_glucose', from: '2026-03-08', to: '2026-03-09', count: 576 }],
    });
    expect(JSON.stringify(messages[1])).not.toContain('"value"');
    expect(messages[2]!.data).toMatchObject({ id: again.id, inserted: 0, duplicates: 576 });
  });
});
