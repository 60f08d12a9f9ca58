import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportJob } from '@healthfolio/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { bodyspecReport, getImport } from './helpers';

/** BodySpec's report host, played on loopback: a report, a huge file, a slow one, redirects. */
let server: http.Server;
let origin: string;
let report: Buffer;

beforeAll(async () => {
  report = (await bodyspecReport()).pdf;
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/reports/chen-2026-11-20.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': report.length }).end(report);
    } else if (url === '/huge.pdf') {
      // No length announced: the limit must hold while the body streams.
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const block = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 40 && res.write(block)) sent++;
        if (sent >= 40) res.end();
        else res.once('drain', pump);
      };
      res.write('%PDF-1.4\n');
      pump();
    } else if (url === '/away') {
      res.writeHead(302, { location: 'https://evil.example.net/report.pdf' }).end();
    } else if (url === '/here') {
      res.writeHead(302, { location: '/reports/chen-2026-11-20.pdf' }).end();
    } else if (url === '/notes.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('not a pdf at all');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(testDialects)('POST /api/integrations/bodyspec/connect-report on %s', (dialect) => {
  let t: TestApp;
  let ada: { authorization: string };

  const start = async (insecure: boolean, hosts = origin) => {
    t = await createTestApp(
      dialect,
      { BODYSPEC_REPORT_HOSTS: hosts },
      { allowInsecureReportHosts: insecure },
    );
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  };
  const connect = (reportUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integrations/bodyspec/connect-report',
      headers: ada,
      payload: { reportUrl },
    });
  afterEach(() => t.close());

  it('fetches the report from the configured host and imports it like an upload', async () => {
    await start(true);
    const res = await connect(`http://${origin}/reports/chen-2026-11-20.pdf`);
    expect(res.statusCode).toBe(202);
    const queued = (res.json() as { data: ImportJob }).data;
    expect(queued).toMatchObject({ status: 'queued', format: 'pdf-report', fileName: 'chen-2026-11-20.pdf' });
    await t.importRunner.idle();
    const job = await getImport(t, ada, queued.id);
    expect(job.status).toBe('needs_review');
    expect(job.results!.every((r) => r.lab === 'BodySpec')).toBe(true);
    expect(new Set(job.results!.map((r) => r.date)).size).toBe(3);
    // A redirect within the host is followed.
    expect((await connect(`http://${origin}/here`)).statusCode).toBe(202);
  });

  it('refuses other hosts, plain http, redirects elsewhere, and links that are not links', async () => {
    await start(true);
    const other = await connect('https://evil.example.net/report.pdf');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      error: { code: 'validation', message: expect.stringContaining('only from') },
    });
    expect((await connect('ftp://127.0.0.1/report.pdf')).statusCode).toBe(400);
    expect((await connect('not a url')).statusCode).toBe(400);
    const away = await connect(`http://${origin}/away`);
    expect(away.statusCode).toBe(400);
    expect((await connect(`http://${origin}/missing.pdf`)).json()).toMatchObject({
      error: { code: 'unprocessable', message: expect.stringContaining('404') },
    });
    const notPdf = await connect(`http://${origin}/notes.pdf`);
    expect(notPdf.statusCode).toBe(415);
  });

  it('stops a download past the size limit', async () => {
    await start(true);
    const res = await connect(`http://${origin}/huge.pdf`);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: { code: 'payload_too_large', message: expect.stringContaining('20 MB') },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/imports', headers: ada });
    expect((list.json() as { data: { items: unknown[] } }).data.items).toEqual([]);
  });

  it('without the test option: https only, and never a loopback or private address, even a listed one', async () => {
    await start(false, `${origin},localhost`);
    expect((await connect(`http://${origin}/reports/chen-2026-11-20.pdf`)).json()).toMatchObject({
      error: { code: 'validation', message: expect.stringContaining('https') },
    });
    expect((await connect(`https://${origin}/reports/chen-2026-11-20.pdf`)).json()).toMatchObject({
      error: { message: expect.stringContaining('private address') },
    });
    expect((await connect('https://localhost/report.pdf')).json()).toMatchObject({
      error: { message: expect.stringContaining('private address') },
    });
  });
});
