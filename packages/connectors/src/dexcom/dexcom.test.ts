import { describe, expect, it } from 'vitest';
import type { ProviderHttp, RawPage } from '../types';
import { sync, WINDOW_MS } from './client';
import { normalize, offsetOf } from './normalize';

const DAY = 86_400_000;

/** Two records shaped like the v3 reference's example: a receiver (bare times) and a phone (offsets). */
const page = {
  resource: 'egvs',
  payload: {
    recordType: 'egv',
    recordVersion: '3.0',
    userId: '079a528d-7cf7-d4b4-7704-1efbd08f921d',
    records: [
      {
        recordId: '3f17180d-5a7e-8450-09c8-cb7e76447107',
        systemTime: '2026-04-30T15:00:00',
        displayTime: '2026-04-30T11:02:10',
        transmitterId: '8HX3LM',
        transmitterTicks: 64309839,
        value: 138,
        status: 'ok',
        trend: 'fortyFiveUp',
        trendRate: 1.4,
        unit: 'mg/dL',
        rateUnit: 'mg/dL/min',
        displayDevice: 'receiver',
        transmitterGeneration: 'g6',
      },
      {
        recordId: 'f95eee1e-084d-5f22-94c0-031d4d706294',
        systemTime: '2026-11-20T08:05:00+00:00',
        displayTime: '2026-11-20T03:05:00-05:00',
        transmitterId: 'A1B2C3',
        transmitterTicks: 73688690,
        value: 40,
        status: 'low',
        trend: 'singleDown',
        trendRate: -2.4,
        unit: 'mg/dL',
        rateUnit: 'mg/dL/min',
        displayDevice: 'iOS',
        transmitterGeneration: 'g7',
      },
      {
        recordId: 'c0ffee00-0000-4000-a000-000000000001',
        systemTime: '2026-11-20T09:00:00Z',
        displayTime: '2026-11-20T10:00:00',
        value: 7.4,
        status: 'ok',
        trend: 'flat',
        unit: 'mmol/L',
        displayDevice: 'android',
        transmitterGeneration: 'unknown',
      },
      {
        recordId: 'no-value',
        systemTime: '2026-11-20T09:05:00',
        displayTime: '2026-11-20T10:05:00',
        value: null,
      },
    ],
  },
};

describe('Dexcom normalize', () => {
  const samples = normalize(page, { timeZone: 'Europe/Paris' });

  it('maps each EGV to a blood_glucose sample keyed by its recordId, skipping readings without a value', () => {
    expect(samples).toHaveLength(3);
    expect(samples.map((s) => s.originId)).toEqual([
      '3f17180d-5a7e-8450-09c8-cb7e76447107',
      'f95eee1e-084d-5f22-94c0-031d4d706294',
      'c0ffee00-0000-4000-a000-000000000001',
    ]);
    for (const s of samples) expect(s).toMatchObject({ kind: 'blood_glucose', source: 'dexcom' });
  });

  it('reads systemTime as UTC and takes the offset from displayTime − systemTime when no offset is written', () => {
    const [receiver, phone, android] = samples;
    expect(receiver!.start).toBe(Date.parse('2026-04-30T15:00:00Z'));
    // 11:02 local for 15:00 UTC: -4 h (New York in April), the receiver's 2-minute drift rounded away.
    expect(receiver!.utcOffsetMin).toBe(-240);
    expect(phone!.start).toBe(Date.parse('2026-11-20T08:05:00Z'));
    expect(phone!.utcOffsetMin).toBe(-300);
    expect(android!.utcOffsetMin).toBe(60);
  });

  it('keeps units as sent, the trend in provenance, and "Low" at the sensor bound', () => {
    const [receiver, phone, android] = samples;
    expect(receiver).toMatchObject({
      value: 138,
      unit: 'mg/dL',
      device: 'receiver G6',
      meta: { provenance: { trend: 'fortyFiveUp', trendRate: 1.4, status: 'ok' } },
    });
    expect(phone).toMatchObject({ value: 40, device: 'iOS G7', meta: { valueText: 'Low' } });
    expect(android).toMatchObject({ value: 7.4, unit: 'mmol/L', device: 'android' });
  });

  it('falls back to the person’s zone when the times disagree by more than a day can', () => {
    expect(
      offsetOf({ systemTime: '2026-01-01T00:00:00', displayTime: '2026-01-03T00:00:00' }, 0),
    ).toBeUndefined();
    const [s] = normalize(
      {
        resource: 'egvs',
        payload: {
          records: [
            {
              recordId: 'x',
              systemTime: '2026-01-01T00:00:00',
              displayTime: 'garbage',
              value: 100,
              unit: 'mg/dL',
            },
          ],
        },
      },
      { timeZone: 'Asia/Tokyo' },
    );
    expect(s).toMatchObject({ tz: 'Asia/Tokyo' });
    expect(s!.utcOffsetMin).toBeUndefined();
  });

  it('ignores other resources', () => {
    expect(normalize({ resource: 'dataRange', payload: {} }, { timeZone: 'UTC' })).toEqual([]);
  });
});

describe('Dexcom sync', () => {
  const to = Date.parse('2026-11-22T12:00:00Z');
  const from = to - 365 * DAY;

  function fakeHttp(range: { start: string; end: string } | null) {
    const calls: { path: string; query?: Record<string, string | number | undefined> }[] = [];
    const http: ProviderHttp = {
      get: <T>(path: string, query?: Record<string, string | number | undefined>) => {
        calls.push({ path, ...(query ? { query } : {}) });
        if (path.endsWith('/dataRange')) {
          return Promise.resolve(
            (range
              ? { egvs: { start: { systemTime: range.start }, end: { systemTime: range.end } } }
              : {}) as T,
          );
        }
        return Promise.resolve({ records: [] } as T);
      },
      post: () => Promise.reject(new Error('Dexcom reads with GET only')),
    };
    return { http, calls };
  }
  const run = async (http: ProviderHttp, cursor: string | null = null) => {
    const pages: RawPage[] = [];
    for await (const p of sync({
      http,
      from,
      to,
      cursor,
      timeZone: 'UTC',
      signal: new AbortController().signal,
    }))
      pages.push(p);
    return pages;
  };

  it('reads a year in 30-day windows, oldest first, each window at most 30 days', async () => {
    const { http, calls } = fakeHttp({ start: '2020-01-01T00:00:00', end: '2026-11-22T11:00:00' });
    const pages = await run(http);
    expect(calls[0]!.path).toBe('/v3/users/self/dataRange');
    const windows = calls.slice(1).map((c) => ({
      start: Date.parse(`${c.query!.startDate as string}Z`),
      end: Date.parse(`${c.query!.endDate as string}Z`),
    }));
    expect(windows).toHaveLength(13);
    expect(windows[0]!.start).toBe(from);
    for (const w of windows) expect(w.end - w.start).toBeLessThanOrEqual(WINDOW_MS);
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.start).toBe(windows[i - 1]!.end);
    expect(windows.at(-1)!.end).toBe(Date.parse('2026-11-22T11:00:01Z'));
    expect(pages.map((p) => p.cursor)).toEqual([...windows.slice(1).map((w) => String(w.start)), null]);
  });

  it('starts where the readings start, resumes at the cursor, and reads nothing for an empty account', async () => {
    const month = fakeHttp({ start: '2026-11-01T08:00:00', end: '2026-11-22T11:00:00' });
    expect(await run(month.http)).toHaveLength(1);
    expect(month.calls[1]!.query!.startDate).toBe('2026-11-01T08:00:00');

    const resumed = fakeHttp({ start: '2020-01-01T00:00:00', end: '2026-11-22T11:00:00' });
    const pages = await run(resumed.http, String(from + 300 * DAY));
    expect(pages).toHaveLength(3);
    expect(resumed.calls[1]!.query!.startDate).toBe(new Date(from + 300 * DAY).toISOString().slice(0, 19));

    const empty = fakeHttp(null);
    expect(await run(empty.http)).toEqual([]);
    expect(empty.calls).toHaveLength(1);
  });
});
