import type { APIRequestContext } from '@playwright/test';
import { clientAddress, expect, login, type TestUser } from './fixtures';

/**
 * One measurement as `POST /api/metrics` takes it; `daysAgo` places it that many days before now, or, with
 * `hour`, at that hour (UTC) of the calendar day that many days back — for readings that must share a day
 * whatever the time the test runs (a run just after midnight must not split them across two days).
 */
export interface Sample {
  type: string;
  value: number;
  unit?: string;
  daysAgo: number;
  hour?: number;
}

const DAY_MS = 86_400_000;
const BATCH = 20;

/**
 * Stores measurements through the API as another device would: one sign-in, then the entries in
 * parallel batches, so two months of three metrics take a second or two instead of a minute.
 */
export async function seedSamples(request: APIRequestContext, user: TestUser, samples: readonly Sample[]) {
  const { accessToken } = await login(request, user);
  const headers = { authorization: `Bearer ${accessToken}`, ...clientAddress() };
  const now = Date.now();
  for (let i = 0; i < samples.length; i += BATCH) {
    await Promise.all(
      samples.slice(i, i + BATCH).map(async ({ daysAgo, hour, ...sample }) => {
        const at = now - daysAgo * DAY_MS;
        const start = hour === undefined ? at : at - (at % DAY_MS) + hour * 3_600_000;
        const res = await request.post('/api/metrics', {
          data: { ...sample, start: new Date(start).toISOString(), timeZone: 'UTC' },
          headers,
        });
        expect(res.status(), await res.text()).toBe(201);
      }),
    );
  }
  return accessToken;
}

/** `days` daily values from `first` (that many days ago) to `last` (today), with a small fixed wobble. */
export function dailyRamp(type: string, days: number, first: number, last: number, unit?: string): Sample[] {
  const wobble = [0.4, -0.3, 0.1, -0.5, 0.3, -0.1, 0.2];
  return Array.from({ length: days }, (_, i) => ({
    type,
    ...(unit ? { unit } : {}),
    daysAgo: days - 1 - i,
    value: Math.round((first + ((last - first) * i) / (days - 1) + wobble[i % wobble.length]!) * 10) / 10,
  }));
}
