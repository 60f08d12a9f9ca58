import type { NewSample } from '../../src/modules/metrics/sample-row';
import { DAY_MS } from '../../src/modules/metrics/time';
import { metricsFixture, NOW, type MetricsFixture } from '../metrics/helpers';
import type { TestDialect } from '../databases';

/** Noon UTC of a November 2026 day. */
export const nov = (day: number, hour = 12) => Date.UTC(2026, 10, day, hour);

/** Ada's steps 10–20 November: 1 000 × the day of the month, one reading a day. */
export const adaSteps = (): NewSample[] =>
  Array.from({ length: 11 }, (_, i) => ({
    kind: 'steps',
    start: nov(10 + i, 8),
    end: nov(10 + i, 9),
    value: 1000 * (10 + i),
    source: 'garmin',
  }));

/**
 * Ada (named Ada Lovelace) with steps, resting heart rate, weight, two HbA1c results (one in November,
 * one in October) and an ongoing condition; Ben with steps of his own (77 777 a day) that no share of
 * Ada's may ever show.
 */
export async function sharesFixture(dialect: TestDialect): Promise<MetricsFixture> {
  const f = await metricsFixture(dialect);
  await f.t.db.kysely.updateTable('users').set({ name: 'Ada Lovelace' }).where('id', '=', f.ada.id).execute();
  await f.writer.writeOnce(f.ada.id, [
    ...adaSteps(),
    ...Array.from({ length: 11 }, (_, i) => ({
      kind: 'resting_heart_rate',
      start: nov(10 + i, 6),
      value: 50 + i,
      source: 'oura',
    })),
    { kind: 'weight', start: nov(15, 7), value: 61.5, source: 'withings' },
    {
      kind: 'hba1c',
      start: nov(15, 9),
      value: 5.9,
      source: 'quest',
      flag: 'high',
      meta: { referenceRange: { high: 5.6 }, loinc: '4548-4' },
    },
    {
      kind: 'hba1c',
      start: Date.UTC(2026, 9, 1, 9),
      value: 6.4,
      source: 'quest',
      flag: 'high',
      meta: { referenceRange: { high: 5.6 }, loinc: '4548-4' },
    },
  ]);
  await f.writer.writeOnce(
    f.ben.id,
    Array.from({ length: 11 }, (_, i) => ({
      kind: 'steps',
      start: nov(10 + i, 8),
      end: nov(10 + i, 9),
      value: 77_777,
      source: 'garmin',
    })),
  );
  await f.t.db.kysely
    .insertInto('clinical_records')
    .values({
      user_id: f.ada.id,
      source: 'epic',
      resource_type: 'Condition',
      origin_id: 'cond-1',
      category: 'condition',
      recorded_at: Date.UTC(2026, 0, 5),
      ended_at: null,
      display: 'Essential hypertension',
      status: 'active',
      detail: JSON.stringify({ identifier: 'MRN-555-0101' }),
      updated_at: NOW - DAY_MS,
    })
    .execute();
  return f;
}

/** Turns sharing on (and any other privacy or data-sharing settings) for the signed-in person. */
export async function setSharing(
  f: MetricsFixture,
  settings: {
    privacy?: Record<string, boolean>;
    dataSharing?: { allowedProviders?: string[]; shareInsights?: boolean; shareHealthScore?: boolean };
  },
  auth = f.ada.auth,
): Promise<void> {
  const res = await f.t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: settings });
  if (res.statusCode !== 200) throw new Error(res.body);
}
