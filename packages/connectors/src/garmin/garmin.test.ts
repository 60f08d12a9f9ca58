import { describe, expect, it } from 'vitest';
import type { ProviderHttp, RawPage } from '../types';
import { sync, WINDOW_SECONDS } from './client';
import { activityName, deleted, normalize } from './normalize';

// Shaped like the Health API specification's examples (times in UTC seconds, offsets in seconds).
const daily = {
  summaryId: 'x153a9f3-5a9478d4-6',
  calendarDate: '2026-07-14',
  activityType: 'WALKING',
  activeKilocalories: 321,
  bmrKilocalories: 1731,
  steps: 9034,
  distanceInMeters: 6866.3,
  durationInSeconds: 86400,
  activeTimeInSeconds: 4968,
  startTimeInSeconds: 1784001600, // 2026-07-14T04:00:00Z, local midnight in New York
  startTimeOffsetInSeconds: -14400,
  moderateIntensityDurationInSeconds: 1560,
  vigorousIntensityDurationInSeconds: 720,
  floorsClimbed: 8,
  restingHeartRateInBeatsPerMinute: 54,
  averageStressLevel: 31,
  maxStressLevel: 88,
};

describe('Garmin normalize', () => {
  it('maps a finished daily summary to the day’s totals with its offset, keyed by its calendar day', () => {
    const samples = normalize({ resource: 'dailies', payload: [daily] });
    expect(samples.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['steps', 9034, '{count}'],
      ['distance', 6866.3, 'm'],
      ['active_calories_burned', 321, 'kcal'],
      ['resting_heart_rate', 54, '/min'],
      ['stress_level', 31, '{score}'],
    ]);
    for (const s of samples) {
      expect(s).toMatchObject({
        start: Date.parse('2026-07-14T04:00:00Z'),
        end: Date.parse('2026-07-15T04:00:00Z'),
        utcOffsetMin: -240,
        source: 'garmin',
        originId: 'daily:2026-07-14',
      });
    }
  });

  it('takes a day still in progress as it stands, with the identity of the whole day, so the grown day replaces it', () => {
    const half = normalize({
      resource: 'dailies',
      payload: [{ ...daily, summaryId: 'x153a9f3-5a9478d4-3', durationInSeconds: 43_200, steps: 4_100 }],
    });
    const whole = normalize({ resource: 'dailies', payload: [daily] });
    expect(half.find((s) => s.kind === 'steps')!.value).toBe(4_100);
    expect(half.map(({ kind, start, end, originId }) => ({ kind, start, end, originId }))).toEqual(
      whole.map(({ kind, start, end, originId }) => ({ kind, start, end, originId })),
    );
    // The day's length in the person's zone: 23 hours on the spring DST change in New York.
    const spring = { ...daily, calendarDate: '2026-03-08', startTimeInSeconds: 1772946000 };
    const [steps] = normalize({ resource: 'dailies', payload: [spring] }, { timeZone: 'America/New_York' });
    expect(steps!.end! - steps!.start).toBe(23 * 3_600_000);
    // What was stored under the summary's own id before the day was keyed by its date is superseded.
    expect(deleted({ resource: 'dailies', payload: [daily] })).toEqual([
      {
        kinds: ['steps', 'distance', 'active_calories_burned', 'resting_heart_rate', 'stress_level'],
        originIds: ['x153a9f3-5a9478d4-6'],
      },
    ]);
    expect(deleted({ resource: 'sleeps', payload: [daily] })).toEqual([]);
  });

  it('leaves "not enough data" stress out', () => {
    const kinds = normalize({ resource: 'dailies', payload: [{ ...daily, averageStressLevel: -1 }] }).map(
      (s) => s.kind,
    );
    expect(kinds).not.toContain('stress_level');
  });

  it('counts deep, light and REM sleep (not awake) over the sleep period; skips tentative sleeps', () => {
    const sleep = {
      summaryId: 'x153a9f3-5a93e2c0-6e78',
      calendarDate: '2026-07-14',
      durationInSeconds: 28_200,
      startTimeInSeconds: 1783995600, // 02:20Z
      startTimeOffsetInSeconds: -14400,
      unmeasurableSleepInSeconds: 0,
      deepSleepDurationInSeconds: 5_040,
      lightSleepDurationInSeconds: 15_360,
      remSleepInSeconds: 6_300,
      awakeDurationInSeconds: 1_500,
      validation: 'ENHANCED_FINAL',
    };
    const [sample] = normalize({ resource: 'sleeps', payload: [sleep] });
    expect(sample).toMatchObject({
      kind: 'sleep_duration',
      value: 26_700,
      unit: 's',
      start: 1783995600_000,
      end: (1783995600 + 28_200) * 1000,
      utcOffsetMin: -240,
      originId: 'x153a9f3-5a93e2c0-6e78',
      meta: { provenance: { deepMin: 84, lightMin: 256, remMin: 105, awakeMin: 25 } },
    });
    expect(normalize({ resource: 'sleeps', payload: [{ ...sleep, validation: 'AUTO_TENTATIVE' }] })).toEqual(
      [],
    );
    // Without stage totals: the period less time awake.
    const [plain] = normalize({
      resource: 'sleeps',
      payload: [
        {
          ...sleep,
          deepSleepDurationInSeconds: undefined,
          lightSleepDurationInSeconds: undefined,
          remSleepInSeconds: undefined,
        },
      ],
    });
    expect(plain!.value).toBe(26_700);
  });

  it('reads body composition in grams and percent at the measurement time', () => {
    const samples = normalize({
      resource: 'bodyComps',
      payload: [
        {
          summaryId: 'x153a9f3-5a9510a0',
          measurementTimeInSeconds: 1784027100,
          measurementTimeOffsetInSeconds: -14400,
          weightInGrams: 76_540,
          bodyFatInPercent: 21.4,
          muscleMassInGrams: 32_900,
          boneMassInGrams: 3_140,
          bodyMassIndex: 24.2,
        },
      ],
    });
    expect(samples.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['weight', 76_540, 'g'],
      ['body_fat', 21.4, '%'],
      ['muscle_mass', 32_900, 'g'],
      ['bone_mass', 3_140, 'g'],
      ['bmi', 24.2, 'kg/m2'],
    ]);
    expect(samples[0]).toMatchObject({ start: 1784027100_000, utcOffsetMin: -240 });
    expect(samples[0]!.end).toBeUndefined();
  });

  it('makes an activity a workout, with its average heart rate over the activity', () => {
    const samples = normalize({
      resource: 'activities',
      payload: [
        {
          summaryId: '5001968355',
          activityId: 5001968355,
          activityName: 'Trail Run',
          activityType: 'TRAIL_RUNNING',
          durationInSeconds: 3_012,
          startTimeInSeconds: 1784024400,
          startTimeOffsetInSeconds: -14400,
          averageHeartRateInBeatsPerMinute: 148,
          activeKilocalories: 561,
          deviceName: 'Forerunner 265',
          distanceInMeters: 8_120.4,
          steps: 8_300,
        },
      ],
    });
    expect(samples).toHaveLength(2);
    expect(samples[0]).toMatchObject({
      kind: 'workout',
      value: 50.2,
      unit: 'min',
      device: 'Forerunner 265',
      originId: '5001968355',
      meta: { workout: { activity: 'running', distanceM: 8_120.4, energyKcal: 561, avgHeartRate: 148 } },
    });
    expect(samples[1]).toMatchObject({
      kind: 'heart_rate',
      value: 148,
      start: 1784024400_000,
      end: (1784024400 + 3_012) * 1000,
    });
    expect(activityName('STRENGTH_TRAINING')).toBe('strength_training');
    expect(activityName('LAP_SWIMMING')).toBe('swimming');
    expect(activityName(undefined)).toBe('workout');
  });

  it('ignores what is not a list of summaries', () => {
    expect(normalize({ resource: 'dailies', payload: { errorMessage: 'x' } })).toEqual([]);
    expect(normalize({ resource: 'epochs', payload: [daily] })).toEqual([]);
  });
});

describe('Garmin client', () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  function recorder() {
    const calls: { path: string; query: Record<string, string | number | undefined> }[] = [];
    const http: ProviderHttp = {
      get: async <T>(path: string, query?: Record<string, string | number | undefined>) => {
        calls.push({ path, query: query ?? {} });
        return [] as T;
      },
      post: () => Promise.reject(new Error('Garmin reads with GET')),
    };
    return { calls, http };
  }
  const context = (http: ProviderHttp, cursor: string | null = null) => ({
    http,
    from: NOW - 2.5 * 86_400_000,
    to: NOW,
    cursor,
    timeZone: 'UTC',
    signal: new AbortController().signal,
  });

  it('reads each summary type in contiguous upload windows of at most 24 hours', async () => {
    const { calls, http } = recorder();
    const pages: RawPage[] = [];
    for await (const page of sync(context(http))) pages.push(page);
    expect(calls.map((c) => c.path)).toEqual(
      ['dailies', 'sleeps', 'bodyComps', 'activities'].flatMap((r) =>
        Array(3).fill(`/wellness-api/rest/${r}`),
      ),
    );
    const windows = calls
      .slice(0, 3)
      .map((c) => [c.query.uploadStartTimeInSeconds, c.query.uploadEndTimeInSeconds]);
    expect(windows[0]![0]).toBe((NOW - 2.5 * 86_400_000) / 1000);
    expect(windows.at(-1)![1]).toBe(NOW / 1000);
    for (let i = 0; i < windows.length; i++) {
      const [start, end] = windows[i] as [number, number];
      expect(end - start).toBeLessThanOrEqual(WINDOW_SECONDS);
      if (i > 0) expect(start).toBe(windows[i - 1]![1]);
    }
    expect(pages.at(-1)!.cursor).toBeNull();
  });

  it('resumes from the cursor: the same resource, the next window', async () => {
    const first = recorder();
    const pages: RawPage[] = [];
    for await (const page of sync(context(first.http))) pages.push(page);
    const resumed = recorder();
    for await (const page of sync(context(resumed.http, pages[4]!.cursor))) void page;
    expect(resumed.calls).toEqual(first.calls.slice(5));
  });
});
