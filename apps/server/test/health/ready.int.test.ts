import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';

describe.each(testDialects)('readiness on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close().catch(() => {});
    t = undefined;
  });

  it('answers ready while the database answers, and 503 from the first shutdown signal on', async () => {
    t = await createTestApp(dialect);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      data: {
        status: 'ready',
        database: { reachable: true },
        queue: { reachable: true },
        migrations: 'done',
        draining: false,
      },
    });

    t.lifecycle.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json().data).toMatchObject({ status: 'not-ready', draining: true });
    // Liveness is another question: the process still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 when the job queue has stopped', async () => {
    t = await createTestApp(dialect);
    await t.app.ready();
    await t.jobs.stop();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toMatchObject({
      status: 'not-ready',
      database: { reachable: true },
      queue: { reachable: false },
    });
  });

  it('answers 503 when the database has stopped answering', async () => {
    t = await createTestApp(dialect);
    await t.app.ready();
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toMatchObject({ status: 'not-ready', database: { reachable: false } });
  });
});
