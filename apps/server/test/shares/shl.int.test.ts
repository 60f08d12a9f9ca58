import { createDecipheriv } from 'node:crypto';
import type { ShareCreated, ShlCreated } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import type { MetricsFixture } from '../metrics/helpers';
import { setSharing, sharesFixture } from './helpers';

interface FhirBundle {
  resourceType: string;
  type: string;
  entry: { fullUrl: string; resource: { resourceType: string; [key: string]: unknown } }[];
}

/**
 * An SHL receiver written from the specification alone (HL7 SMART Health Cards and Links IG, STU1), not
 * from our code: decode the `shlink:/` payload, POST the manifest, fetch the file, decrypt the compact
 * JWE with AES-256-GCM by hand (node:crypto, the protected header as additional authenticated data).
 */
const receiver = {
  payload(shlink: string) {
    expect(shlink.startsWith('shlink:/')).toBe(true);
    return JSON.parse(Buffer.from(shlink.slice('shlink:/'.length), 'base64url').toString('utf8')) as {
      url: string;
      key: string;
      exp?: number;
      flag?: string;
      label?: string;
    };
  },
  decrypt(jwe: string, key: string): string {
    const parts = jwe.split('.');
    expect(parts).toHaveLength(5);
    const [header = '', encryptedKey, iv = '', ciphertext = '', tag = ''] = parts;
    expect(encryptedKey).toBe('');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
      alg: 'dir',
      enc: 'A256GCM',
    });
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(key, 'base64url'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(header, 'ascii'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  },
};

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe.each(testDialects)('SMART Health Links on %s', (dialect) => {
  let f: MetricsFixture;
  let share: ShareCreated;
  beforeAll(async () => {
    f = await sharesFixture(dialect);
    await setSharing(f, { privacy: { shareWithProviders: true } });
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/shares',
      headers: f.ada.auth,
      payload: {
        recipient: 'Dr. Rivera',
        sections: ['activity', 'labs'],
        from: '2026-11-12',
        to: '2026-11-18',
      },
    });
    share = res.json().data as ShareCreated;
  });
  afterAll(() => f.t.close());

  const createLink = (payload: object, auth = f.ada.auth, id = share.id) =>
    f.t.app.inject({ method: 'POST', url: `/api/shares/${id}/shl`, headers: auth, payload });
  const manifest = (url: string, body: object) =>
    f.t.app.inject({ method: 'POST', url: pathOf(url), payload: body, remoteAddress: '192.0.2.10' });

  it('round-trips: shlink → manifest with passcode → file → decrypted FHIR Bundle of the shared data', async () => {
    const res = await createLink({ passcode: 'tulip-42' });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json().data as ShlCreated;
    expect(link.qr).toMatch(/^data:image\/png;base64,/);
    const payload = receiver.payload(link.shlink);
    expect(payload.flag).toBe('P');
    expect(payload.key).toHaveLength(43);
    expect(payload.exp).toBe(Math.floor(Date.parse(share.expiresAt) / 1000));
    expect(payload.url).not.toContain(share.id);

    const wrong = await manifest(payload.url, { recipient: 'Dr. Rivera, City Clinic', passcode: 'tulip-41' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().remainingAttempts).toBe(9);

    const ok = await manifest(payload.url, { recipient: 'Dr. Rivera, City Clinic', passcode: 'tulip-42' });
    expect(ok.statusCode, ok.body).toBe(200);
    const files = (ok.json() as { files: { contentType: string; location: string }[] }).files;
    expect(files).toHaveLength(1);
    expect(files[0]?.contentType).toBe('application/fhir+json;fhirVersion=4.0.1');
    const file = await f.t.app.inject({ method: 'GET', url: pathOf(files[0]?.location ?? '') });
    expect(file.statusCode).toBe(200);
    const bundle = JSON.parse(receiver.decrypt(file.body, payload.key)) as FhirBundle;

    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    for (const entry of bundle.entry) {
      expect(entry.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(typeof entry.resource.resourceType).toBe('string');
    }
    const patient = bundle.entry.filter((e) => e.resource.resourceType === 'Patient');
    expect(patient).toHaveLength(1);
    expect(patient[0]?.resource.name).toEqual([{ text: 'Ada Lovelace' }]);
    const observations = bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === 'Observation');
    for (const o of observations) expect(o.subject).toEqual({ reference: patient[0]?.fullUrl });
    const steps = observations
      .filter((o) => (o.code as { text: string }).text === 'Steps (daily)')
      .map((o) => [o.effectiveDateTime, (o.valueQuantity as { value: number }).value]);
    expect(steps).toEqual([12, 13, 14, 15, 16, 17, 18].map((d) => [`2026-11-${d}`, d * 1000]));
    const labs = observations.filter(
      (o) => (o.category as { coding: { code: string }[] }[])[0]?.coding[0]?.code === 'laboratory',
    );
    expect(labs).toHaveLength(1);
    expect(labs[0]).toMatchObject({
      code: { text: 'HbA1c', coding: [{ system: 'http://loinc.org', code: '4548-4' }] },
      valueQuantity: { value: 5.9, unit: '%' },
      referenceRange: [{ high: { value: 5.6 } }],
    });
    expect(JSON.stringify(bundle)).not.toContain('77777');

    const views = await f.t.app.inject({ method: 'GET', url: '/api/shares', headers: f.ada.auth });
    expect(views.json().data.items[0].views[0]).toMatchObject({
      ip: '192.0.2.0/24',
      userAgent: 'Dr. Rivera, City Clinic (SMART Health Link)',
    });
  });

  it('embeds the file when the receiver allows it, and is owner-checked', async () => {
    const link = (await createLink({})).json().data as ShlCreated;
    const payload = receiver.payload(link.shlink);
    expect(payload.flag).toBeUndefined();
    const res = await manifest(payload.url, { recipient: 'EHR', embeddedLengthMax: 10_000_000 });
    const embedded = (res.json() as { files: { embedded: string }[] }).files[0]?.embedded ?? '';
    expect((JSON.parse(receiver.decrypt(embedded, payload.key)) as FhirBundle).resourceType).toBe('Bundle');
    expect((await createLink({}, f.ben.auth)).statusCode).toBe(404);
  });

  it('stops answering once the share is revoked (404 per the specification)', async () => {
    const link = (await createLink({})).json().data as ShlCreated;
    const payload = receiver.payload(link.shlink);
    const ok = await manifest(payload.url, { recipient: 'EHR' });
    const location = (ok.json() as { files: { location: string }[] }).files[0]?.location ?? '';
    await f.t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}`, headers: f.ada.auth });
    expect((await manifest(payload.url, { recipient: 'EHR' })).statusCode).toBe(404);
    expect((await f.t.app.inject({ method: 'GET', url: pathOf(location) })).statusCode).toBe(410);
    expect((await createLink({})).statusCode).toBe(410);
  });
});
