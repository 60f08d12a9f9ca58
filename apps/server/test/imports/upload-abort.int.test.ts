import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, importFile, multipart } from './helpers';

describe.each(testDialects)('an upload the client abandons, on %s', (dialect) => {
  let t: TestApp;

  afterEach(async () => {
    await t.close();
  });

  it('leaves no import and no partial file behind, and the next upload works', async () => {
    t = await createTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await createUser(t, 'ada@example.com');
    const auth = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const [user] = await t.db.kysely.selectFrom('users').select('id').execute();
    const uploads = `${t.config.dataDir}/uploads/${user!.id}`;

    // A real socket sends the headers and half of a 3 MB export, waits until the file is being written,
    // and goes away.
    const body = multipart('clarity.csv', clarityCsv(30_000));
    const request = http.request({
      host: '127.0.0.1',
      port: (t.app.server.address() as AddressInfo).port,
      method: 'POST',
      path: '/api/imports',
      headers: { ...auth, ...body.headers, 'content-length': String(body.payload.length) },
    });
    request.on('error', () => undefined); // the socket is ours to drop
    request.write(body.payload.subarray(0, body.payload.length / 2));
    const partial = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads) : []);
    const until = async (done: () => boolean, what: string) => {
      const deadline = Date.now() + 10_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => partial().length === 1, 'the upload to reach the disk');
    request.destroy();
    await until(() => partial().length === 0, 'the partial upload to be removed');

    expect(await t.db.kysely.selectFrom('imports').selectAll().execute()).toEqual([]);
    const next = await importFile(t, auth, 'clarity.csv', clarityCsv(100));
    expect(next.status).toBe('succeeded');
    expect(next.inserted).toBe(100);
  });
});
