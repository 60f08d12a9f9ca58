import { zoneOffsetAt, type NewSample, type SampleMeta } from '@healthfolio/core';
import { fitActivityName } from './activities';
import type { DataSource } from './data-source';
import { streamGroup, type PointShape } from './data-types';

/** What one reading of a point became: a sample, a reading left out on purpose, or one refused. */
export type Reading = { sample: NewSample } | { skip: string; reason: string } | { problem: string };

/** What reading a stream's points needs to know. */
export interface StreamContext {
  source: DataSource;
  shape: PointShape;
  zone: string;
  /** The upload has com.google.sleep.segment, so the sleep in activity segments is left to it. */
  sleepSegments: boolean;
}

interface FitValue {
  intVal?: unknown;
  fpVal?: unknown;
  stringVal?: unknown;
  mapVal?: { key?: unknown; value?: FitValue }[];
}

interface DataPoint {
  startTimeNanos?: unknown;
  endTimeNanos?: unknown;
  fitValue?: { value?: FitValue }[];
  value?: FitValue[];
}

const NANOS = /^\d{1,20}$/;

// Takeout writes nanoseconds as JSON numbers beyond 2^53 (or as strings); milliseconds survive either way.
function nanosToMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value / 1e6);
  if (typeof value === 'string' && NANOS.test(value)) return Number(BigInt(value) / 1_000_000n);
  return undefined;
}

/** Field `i` of a point: Takeout's `fitValue[i].value`, or the REST API's `value[i]`. */
const field = (point: DataPoint, i: number): FitValue | undefined =>
  point.fitValue?.[i]?.value ?? point.value?.[i];

const numberOf = (v: FitValue | undefined): number | undefined => {
  const raw = v?.fpVal ?? v?.intVal;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : undefined;
};

const describe = (v: FitValue | undefined): string => JSON.stringify(v?.fpVal ?? v?.intVal ?? v ?? null);

// Sleep stages of com.google.sleep.segment; 1 (awake in the night) and 3 (out of bed) are not sleep.
const SLEEP_STAGES: Record<number, string> = { 2: 'sleep', 4: 'light', 5: 'deep', 6: 'rem' };
const NOT_SLEEP: Record<number, string> = { 1: 'awake', 3: 'out of bed' };

// The nutrients of com.google.nutrition kept, by the key of its map, and their unit.
const NUTRIENTS: Record<string, { kind: string; unit: string }> = {
  calories: { kind: 'nutrition_calories', unit: 'kcal' },
  protein: { kind: 'nutrition_protein', unit: 'g' },
  'carbs.total': { kind: 'nutrition_carbs', unit: 'g' },
  'fat.total': { kind: 'nutrition_fat', unit: 'g' },
};

/**
 * The readings of one All Data point: `{"startTimeNanos": "1710054000000000000", "endTimeNanos": …,
 * "fitValue": [{"value": {"intVal": 412}}]}`. Times are UTC instants; the offset is the user's zone's at
 * that instant. `record` is the point's place in its file, for points nothing else tells apart.
 */
export function pointReadings(item: unknown, ctx: StreamContext, record: number): Reading[] {
  const point = (item ?? {}) as DataPoint;
  const start = nanosToMs(point.startTimeNanos);
  const end = nanosToMs(point.endTimeNanos ?? point.startTimeNanos);
  if (start === undefined || end === undefined || end < start) {
    return [{ problem: `startTimeNanos ${JSON.stringify(point.startTimeNanos)} is not a time` }];
  }
  const { shape } = ctx;
  const google = ctx.source.merged || ctx.source.id.includes('<-merge_');
  const sample = (kind: string, value: number, unit: string, at = start, meta?: SampleMeta): NewSample => {
    const s: NewSample = {
      kind,
      start: at,
      value,
      unit,
      utcOffsetMin: zoneOffsetAt(ctx.zone, at),
      tz: ctx.zone,
      source: 'google_health_connect',
      // Google's merged stream (and what it derives from it, resting heart rate) is one stream; other
      // sources are told apart, so the merge of overlapping streams keeps one of them.
      originId: `${google ? streamGroup(ctx.source) : ctx.source.id}:${start}:${end}`,
    };
    if (end > at) s.end = end;
    if (!google && ctx.source.device) s.device = ctx.source.device;
    if (meta) s.meta = meta;
    return s;
  };
  const type = ctx.source.dataType;

  switch (shape.shape) {
    case 'value': {
      const v = field(point, 0);
      const n = numberOf(v);
      if (n === undefined || n < 0) return [{ problem: `value ${describe(v)} is not a number` }];
      if (n === 0 && shape.zeroIsNone) return [{ skip: `${type} = 0`, reason: '0 is no reading' }];
      return [{ sample: sample(shape.kind, n, shape.unit, shape.at === 'end' ? end : start) }];
    }
    case 'blood-pressure': {
      const out: Reading[] = [];
      (['blood_pressure_systolic', 'blood_pressure_diastolic'] as const).forEach((kind, i) => {
        const n = numberOf(field(point, i));
        if (n !== undefined && n > 0) out.push({ sample: sample(kind, n, 'mm[Hg]') });
      });
      return out.length ? out : [{ problem: `blood pressure ${describe(field(point, 0))} is not a number` }];
    }
    case 'nutrition':
      return nutrientReadings(point, type, record, sample);
    case 'sleep': {
      const stage = numberOf(field(point, 0));
      if (stage !== undefined && NOT_SLEEP[stage]) {
        return [
          { skip: `${type}: ${NOT_SLEEP[stage]}`, reason: 'time in the night not asleep is not sleep' },
        ];
      }
      const name = stage === undefined ? undefined : SLEEP_STAGES[stage];
      if (!name)
        return [{ problem: `sleep stage ${describe(field(point, 0))} is not one Google Fit defines` }];
      return [{ sample: sleepSample(sample, start, end, name) }];
    }
    case 'activity': {
      const activity = numberOf(field(point, 0));
      const name = activity === undefined ? undefined : fitActivityName(activity);
      if (!name) return [{ problem: `activity ${describe(field(point, 0))} is not one Google Fit defines` }];
      if (!name.startsWith('sleep')) {
        return [
          {
            skip: type,
            reason:
              'what you were doing, minute by minute (walking, still, in a vehicle …); workouts are read from All Sessions',
          },
        ];
      }
      if (name === 'sleep.awake') {
        return [{ skip: `${type}: sleep.awake`, reason: 'time in the night not asleep is not sleep' }];
      }
      if (ctx.sleepSegments) {
        return [
          { skip: `${type}: ${name}`, reason: "the night's sleep is read from com.google.sleep.segment" },
        ];
      }
      return [{ sample: sleepSample(sample, start, end, name === 'sleep' ? 'sleep' : name.slice(6)) }];
    }
  }
}

type MakeSample = (kind: string, value: number, unit: string, at?: number, meta?: SampleMeta) => NewSample;

function sleepSample(sample: MakeSample, start: number, end: number, stage: string): NewSample {
  return sample('sleep_duration', (end - start) / 60_000, 'min', start, { provenance: { stage } });
}

/** A food's nutrients: `[{"value": {"mapVal": [{"key": "calories", "value": {"fpVal": 250}}, …]}}, meal, food]`. */
function nutrientReadings(point: DataPoint, type: string, record: number, sample: MakeSample): Reading[] {
  const nutrients = field(point, 0)?.mapVal;
  if (!Array.isArray(nutrients) || nutrients.length === 0)
    return [{ problem: 'the food names no nutrients' }];
  const food = field(point, 2)?.stringVal;
  const out: Reading[] = [];
  for (const entry of nutrients) {
    const key = typeof entry?.key === 'string' ? entry.key : '';
    const n = numberOf(entry?.value);
    const nutrient = NUTRIENTS[key];
    if (!nutrient) {
      out.push({ skip: `${type}: ${key || '?'}`, reason: 'Healthfolio has no metric for this nutrient yet' });
    } else if (n === undefined || n < 0) {
      out.push({ problem: `${key} ${describe(entry?.value)} is not a number` });
    } else {
      const s = sample(nutrient.kind, n, nutrient.unit);
      // Foods logged at one meal share their time: the food (or the point's place) tells them apart.
      s.originId = `${s.originId}:${typeof food === 'string' && food ? food : `#${record}`}`;
      if (typeof food === 'string' && food) s.meta = { provenance: { food } };
      out.push({ sample: s });
    }
  }
  return out;
}
