import { describe, expect, it } from 'vitest';
import { covers, datesOf } from './client';
import { normalize } from './normalize';

const TZ = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

/** A scheduled sync at noon in New York on 22 November, reading from local midnight three days back. */
const window = { from: at('2026-11-19T05:00:00Z'), to: at('2026-11-22T17:00:00Z'), timeZone: TZ };

describe('Oura: what a sync asks for and what it covers', () => {
  it('asks the daily collections for a day more before and two after the window’s local dates', () => {
    expect(datesOf(window)).toEqual({ start_date: '2026-11-18', end_date: '2026-11-24' });
  });

  it('covers every day of the window, the nights that start in it up to the last day, heart rate inside it', () => {
    expect(covers(window)).toEqual([
      {
        kinds: ['steps', 'active_calories_burned', 'distance', 'oxygen_saturation'],
        from: at('2026-11-19T05:00:00Z'),
        to: at('2026-11-23T05:00:00Z'),
      },
      {
        kinds: ['sleep_duration', 'respiratory_rate'],
        from: at('2026-11-19T05:00:00Z'),
        to: at('2026-11-22T05:00:00Z'),
      },
      {
        kinds: ['resting_heart_rate'],
        from: at('2026-11-20T05:00:00Z'),
        to: at('2026-11-23T05:00:00Z'),
      },
      { kinds: ['heart_rate'], from: window.from + 1, to: window.to },
    ]);
  });

  it('covers the last three nights, and places a day where normalize puts it', () => {
    const spans = covers(window);
    const sleep = spans.find((s) => s.kinds.includes('sleep_duration'))!;
    // The night that ended on the 20th began on the evening of the 19th: inside.
    for (const start of ['2026-11-20T04:10:00Z', '2026-11-21T04:00:00Z', '2026-11-22T03:55:00Z']) {
      expect(at(start) >= sleep.from && at(start) < sleep.to).toBe(true);
    }
    const [steps] = normalize(
      { resource: 'daily_activity', payload: { data: [{ id: 'a', day: '2026-11-19', steps: 10 }] } },
      { timeZone: TZ },
    );
    expect(steps!.start).toBe(spans[0]!.from);
  });
});
