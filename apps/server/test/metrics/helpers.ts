import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { SampleStore } from '../../src/modules/metrics/write/samples.store';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { createTestApp, type TestApp } from '../app';
import type { TestDialect } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';

/** "Now" in every metrics test: Sunday 22 November 2026, noon UTC. */
export const NOW = Date.parse('2026-11-22T12:00:00Z');
export const MINUTE = 60_000;

export interface MetricsFixture {
  t: TestApp;
  clock: FakeClock;
  store: SampleStore;
  writer: SampleWriter;
  ada: { id: string; auth: { authorization: string } };
  ben: { id: string; auth: { authorization: string } };
}

/** Ada (a Garmin watch, an Oura ring and an iPhone) and Ben, both signed in, on a fresh database. */
export async function metricsFixture(dialect: TestDialect): Promise<MetricsFixture> {
  const clock = new FakeClock(NOW);
  const t = await createTestApp(dialect, {}, { now: clock.now });
  const adaUser = await createUser(t, 'ada@example.com');
  const benUser = await createUser(t, 'ben@example.com');
  const adaSession = await signIn(t, 'ada@example.com');
  const benSession = await signIn(t, 'ben@example.com');
  return {
    t,
    clock,
    store: new SampleStore(t.db, t.bulk),
    writer: new SampleWriter(t.db, t.bulk),
    ada: { id: adaUser.id, auth: bearer(adaSession.accessToken) },
    ben: { id: benUser.id, auth: bearer(benSession.accessToken) },
  };
}

/** One stream of per-minute samples. */
export function perMinute(
  base: Omit<NewSample, 'start' | 'end' | 'value'>,
  from: number,
  minutes: number,
  value: (i: number) => number,
  interval = true,
): NewSample[] {
  return Array.from({ length: minutes }, (_, i) => ({
    ...base,
    start: from + i * MINUTE,
    ...(interval ? { end: from + (i + 1) * MINUTE } : {}),
    value: value(i),
  }));
}
