import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { ImportContext } from '../types';
import { MINUTE, type MinuteAverage } from '../shared/minute-average';

/**
 * A minute of heart rate from a Strava track. The originId is the minute alone, so the same minute
 * read from a lone GPX and later from the bulk export is one sample, not two.
 */
export function heartRateSample(m: MinuteAverage, context: ImportContext, device?: string): NewSample {
  return {
    kind: 'heart_rate',
    start: m.start,
    end: m.start + MINUTE,
    value: m.value,
    unit: '/min',
    utcOffsetMin: zoneOffsetAt(context.timeZone, m.start),
    tz: context.timeZone,
    source: 'strava',
    device: device ?? null,
    originId: `hr:${Math.floor(m.start / 1000)}`,
  };
}
