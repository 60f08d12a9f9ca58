import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { fileFromBuffer } from '../files/memory-file';
import { openUpload } from '../files/open-upload';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { ImportFormatError } from '../types';
import { exportEntries, fixture, swimFit } from './fixtures/files';
import { stravaImporter } from './index';

const gpx = () => fixture('activities/11000000001.gpx');
const tcx = () => fixture('activities/11000000002.tcx');
const readOne = (name: string, content: Buffer | string) =>
  collect(stravaImporter.read([fileFromBuffer(name, content, 512)], adaContext));
const iso = (ms: number) => new Date(ms).toISOString();

describe('strava standalone GPX', () => {
  it('gives a workout from the track and heart rate averaged per minute', async () => {
    const { samples, records, error } = await readOne('run.gpx', gpx());
    expect(error).toBeUndefined();
    // Readings, not points: 3 minutes of heart rate, the workout (its route and elevation with it), cadence.
    expect(records).toBe(5);
    expect(ofKind(samples, 'heart_rate').map((s) => [iso(s.start), s.value])).toEqual([
      ['2024-03-10T12:00:00.000Z', 145],
      ['2024-03-10T12:01:00.000Z', 152],
      ['2024-03-10T12:02:00.000Z', 161],
    ]);
    const [workout] = ofKind(samples, 'workout');
    expect(workout).toMatchObject({
      start: Date.parse('2024-03-10T12:00:00Z'),
      end: Date.parse('2024-03-10T12:02:30Z'),
      value: 2.5,
      unit: 'min',
      source: 'strava',
      device: 'StravaGPX',
      utcOffsetMin: -240,
      tz: 'America/New_York',
      meta: { workout: { activity: 'running', avgHeartRate: 153 } },
    });
    // five steps of 0.001° of latitude
    expect(workout!.meta!.workout!.distanceM).toBeCloseTo(556, 0);
  });

  it("keeps a lone track's route and elevation as the workout's track, and skips its other series", async () => {
    const out = await readOne('run.gpx', gpx());
    expect([...out.skipped.values()]).toEqual([
      { type: 'track cadence', count: 1, reason: expect.stringContaining('heart rate') },
    ]);
    expect(unaccounted(out)).toBe(0);
    const tracks = out.chunks.flatMap((c) => c.tracks ?? []);
    const start = Date.parse('2024-03-10T12:00:00Z');
    expect(tracks).toHaveLength(1);
    expect(tracks[0]).toMatchObject({ source: 'strava', start, originId: `track:${start / 1000}` });
    const { points } = tracks[0]!;
    expect(points.t).toEqual([0, 30, 60, 90, 120, 150]);
    expect(points.lat).toEqual([40.7812, 40.7822, 40.7832, 40.7842, 40.7852, 40.7862]);
    expect(points.lon).toEqual(Array(6).fill(-73.9665));
    expect(points.ele).toEqual(Array(6).fill(30.2));
    expect(points.hr).toEqual([140, 150, 152, null, 160, 162]);
    // 0.001° of latitude is 111.2 m along the route
    expect(points.dist).toEqual([0, 111.2, 222.4, 333.6, 444.8, 556]);
  });

  it('keeps no track for a GPX of the bulk export (activities.csv gives its workout)', async () => {
    const out = await collect(stravaImporter.read(exportEntries(), adaContext));
    expect(out.chunks.flatMap((c) => c.tracks ?? [])).toEqual([]);
  });

  it('keeps originIds stable across runs and chunk sizes', async () => {
    const a = (await readOne('run.gpx', gpx())).samples.map((s) => s.originId);
    const b = (await collect(stravaImporter.read([fileFromBuffer('run.gpx', gpx(), 7)], adaContext))).samples;
    expect(b.map((s) => s.originId)).toEqual(a);
    expect(a).toContain(`hr:${Date.parse('2024-03-10T12:01:00Z') / 1000}`);
  });

  it('throws ImportFormatError with the line after yielding the minutes read before a cut', async () => {
    const text = gpx().toString('utf8');
    const cut = text.slice(0, text.indexOf('2024-03-10T12:02:00Z'));
    const { samples, error } = await readOne('cut.gpx', cut);
    expect(ofKind(samples, 'heart_rate').map((s) => s.value)).toEqual([145]);
    expect(ofKind(samples, 'workout')).toHaveLength(0);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where?.line).toBeGreaterThan(20);
  });

  it('never expands entities a DOCTYPE defines', async () => {
    const evil = gpx()
      .toString('utf8')
      .replace('<gpx ', '<!DOCTYPE gpx [<!ENTITY boom "BOOMBOOMBOOM">]>\n<gpx ')
      .replace('<name>Sunday Long Run &amp; coffee</name>', '<name>&boom;</name>');
    const { error } = await readOne('evil.gpx', evil);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect(error?.message).not.toContain('BOOMBOOMBOOM');
  });
});

describe('strava standalone TCX', () => {
  it('gives the workout with lap totals and per-minute heart rate', async () => {
    const { samples } = await readOne('ride.tcx', tcx());
    expect(ofKind(samples, 'heart_rate').map((s) => [iso(s.start), s.value, s.utcOffsetMin])).toEqual([
      ['2024-03-09T11:30:00.000Z', 124, -300],
      ['2024-03-09T11:31:00.000Z', 126, -300],
      ['2024-03-09T11:32:00.000Z', 130, -300],
      ['2024-03-09T11:35:00.000Z', 140, -300],
    ]);
    expect(ofKind(samples, 'workout')).toEqual([
      expect.objectContaining({
        start: Date.parse('2024-03-09T11:30:00Z'),
        end: Date.parse('2024-03-09T11:35:00Z'),
        value: 5,
        device: 'Edge 530',
        originId: `track:${Date.parse('2024-03-09T11:30:00Z') / 1000}`,
        meta: {
          workout: { activity: 'cycling', distanceM: 2100, energyKcal: 85, avgHeartRate: 128 },
          provenance: { file: 'ride.tcx' },
        },
      }),
    ]);
  });
});

describe('strava accounting', () => {
  it('accounts for every reading of a lone TCX, a cut GPX and the whole export', async () => {
    const tcxOut = await readOne('ride.tcx', tcx());
    expect([...tcxOut.skipped.keys()]).toEqual(['track speed']);
    const text = gpx().toString('utf8');
    const cut = await readOne('cut.gpx', text.slice(0, text.indexOf('2024-03-10T12:02:00Z')));
    const whole = await collect(stravaImporter.read(exportEntries(), adaContext));
    for (const out of [tcxOut, cut, whole]) expect(unaccounted(out)).toBe(0);
    // In the export the GPX's and TCX's workouts are activities.csv's, so skipped.
    expect(whole.skipped.get('track workout')).toMatchObject({ count: 2 });
  });

  it('says so when track points carry no time', async () => {
    const untimed = gpx().toString('utf8').replace('<time>2024-03-10T12:00:30Z</time>', '');
    const out = await readOne('run.gpx', untimed);
    expect(out.issues).toEqual([
      { message: '1 track point has no readable time and was not read', file: 'run.gpx' },
    ]);
    expect(unaccounted(out)).toBe(0);
  });
});

describe('strava bulk export', () => {
  it('takes workouts from activities.csv only and heart rate from the GPX, TCX and FIT files', async () => {
    const { samples, error } = await collect(stravaImporter.read(exportEntries(), adaContext));
    expect(error).toBeUndefined();
    expect(ofKind(samples, 'workout').map((s) => s.originId)).toEqual([
      '11000000001',
      '11000000002',
      '11000000003',
      '11000000005',
    ]);
    const hr = ofKind(samples, 'heart_rate');
    expect(hr).toHaveLength(3 + 4 + 2);
    expect(hr.slice(-2).map((s) => [iso(s.start), s.value])).toEqual([
      ['2024-03-11T23:15:00.000Z', 111],
      ['2024-03-11T23:16:00.000Z', 121],
    ]);
    expect(hr.every((s) => s.source === 'strava')).toBe(true);
  });

  it('gives a lone GPX and the same GPX in the export the same heart-rate originIds', async () => {
    const lone = ofKind((await readOne('run.gpx', gpx())).samples, 'heart_rate').map((s) => s.originId);
    const inExport = ofKind(
      (await collect(stravaImporter.read(exportEntries(), adaContext))).samples,
      'heart_rate',
    );
    expect(inExport.slice(0, 3).map((s) => s.originId)).toEqual(lone);
  });

  it('reads a real zip with a top folder and .gz entries through openUpload', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(fixture('activities.csv'), 'export_98765/activities.csv');
    zip.addBuffer(gzipSync(tcx()), 'export_98765/activities/11000000002.tcx.gz');
    zip.addBuffer(gzipSync(swimFit()), 'export_98765/activities/11000000003.fit.gz');
    zip.end();
    const parts: Buffer[] = [];
    for await (const part of zip.outputStream) parts.push(part as Buffer);
    const dir = mkdtempSync(join(tmpdir(), 'strava-'));
    const path = join(dir, 'export.zip');
    writeFileSync(path, Buffer.concat(parts));
    const upload = await openUpload(path, 'export.zip', Buffer.concat(parts).length);
    try {
      expect(await stravaImporter.detect(upload.files)).toBeGreaterThanOrEqual(0.9);
      const { samples, error } = await collect(stravaImporter.read(upload.files, adaContext));
      expect(error).toBeUndefined();
      expect(ofKind(samples, 'workout')).toHaveLength(4);
      expect(ofKind(samples, 'heart_rate')).toHaveLength(4 + 2);
    } finally {
      upload.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
