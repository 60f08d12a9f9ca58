import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';
import type { Envelope } from './client';

const SOURCE = 'withings';

interface Measure {
  value: number;
  type: number;
  unit: number;
}
interface MeasureGroup {
  grpid: number;
  attrib?: number;
  /** Unix seconds. */
  date: number;
  category?: number;
  model?: string | null;
  measures?: Measure[];
}
interface SleepSeries {
  id?: number;
  timezone?: string;
  startdate: number;
  enddate: number;
  date?: string;
  model?: string | null;
  data?: Record<string, number | null | undefined>;
}

/** Withings measure types we keep, with their kind and unit. */
const TYPES: Record<number, { kind: string; unit: string }> = {
  1: { kind: 'weight', unit: 'kg' },
  6: { kind: 'body_fat', unit: '%' },
  8: { kind: 'fat_mass', unit: 'kg' },
  76: { kind: 'muscle_mass', unit: 'kg' },
  88: { kind: 'bone_mass', unit: 'kg' },
  9: { kind: 'blood_pressure_diastolic', unit: 'mm[Hg]' },
  10: { kind: 'blood_pressure_systolic', unit: 'mm[Hg]' },
  11: { kind: 'heart_rate', unit: '/min' },
};
const BODY_TYPES = new Set([1, 6, 8, 76, 88]);
const BP_TYPES = new Set([9, 10]);
/** attrib 1: may belong to another person on the same scale; 4: entered at sign-up, maybe not accurate. */
const SKIPPED_ATTRIBS = new Set([1, 4]);

/** `value × 10^unit`, without binary noise (81234 × 10⁻³ → 81.234). */
export function measureValue(m: Pick<Measure, 'value' | 'unit'>): number {
  return Number((m.value * 10 ** m.unit).toFixed(Math.max(0, -m.unit)));
}

/** Offset and zone of an instant in a zone Withings named, or in the person's zone when it named none. */
function zoned(ms: number, zone: string | undefined, fallback: string): { utcOffsetMin: number; tz: string } {
  for (const tz of [zone, fallback]) {
    if (!tz) continue;
    try {
      return { utcOffsetMin: zoneOffsetAt(tz, ms), tz };
    } catch {
      // Not an IANA zone: try the next.
    }
  }
  return { utcOffsetMin: 0, tz: 'UTC' };
}

const bodyOf = <T>(payload: unknown): T | undefined => {
  const envelope = payload as Envelope<T> | null;
  return envelope && envelope.status === 0 ? envelope.body : undefined;
};

/**
 * Withings → canonical samples. A measure group is one weigh-in or one blood-pressure reading; its
 * samples share an originId made as the Withings CSV importer makes it (`weight:<instant>`,
 * `bp:<instant>`), so a person who imported the export and then connected gets no duplicates. Goals
 * (category 2) and groups that may be someone else's are skipped. Sleep summaries become
 * sleep_duration (asleep: light + deep + REM) over the night, with the stages in provenance.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  const out: NewSample[] = [];
  if (page.resource === 'measures') {
    const body = bodyOf<{ timezone?: string; measuregrps?: MeasureGroup[] }>(page.payload);
    for (const group of body?.measuregrps ?? []) {
      if ((group.category ?? 1) !== 1 || SKIPPED_ATTRIBS.has(group.attrib ?? 0)) continue;
      const start = group.date * 1000;
      if (!Number.isFinite(start)) continue;
      const measures = (group.measures ?? []).filter((m) => TYPES[m.type]);
      const types = new Set(measures.map((m) => m.type));
      const instant = new Date(start).toISOString();
      const originId = [...types].some((t) => BP_TYPES.has(t))
        ? `bp:${instant}`
        : [...types].some((t) => BODY_TYPES.has(t))
          ? `weight:${instant}`
          : `hr:${instant}`;
      const when = zoned(start, body?.timezone, context.timeZone);
      for (const m of measures) {
        const value = measureValue(m);
        if (!(value > 0)) continue;
        out.push({
          kind: TYPES[m.type]!.kind,
          start,
          value,
          unit: TYPES[m.type]!.unit,
          ...when,
          source: SOURCE,
          device: group.model ?? null,
          originId,
          meta: { provenance: { grpid: group.grpid, type: m.type } },
        });
      }
    }
  } else if (page.resource === 'sleep') {
    const body = bodyOf<{ series?: SleepSeries[] }>(page.payload);
    for (const night of body?.series ?? []) {
      const start = night.startdate * 1000;
      const end = night.enddate * 1000;
      if (!Number.isFinite(start) || !(end > start)) continue;
      const data = night.data ?? {};
      const stage = (name: string) => (typeof data[name] === 'number' ? data[name] : undefined);
      const light = stage('lightsleepduration');
      const deep = stage('deepsleepduration');
      const rem = stage('remsleepduration');
      const asleep = stage('total_sleep_time') ?? (light ?? 0) + (deep ?? 0) + (rem ?? 0);
      if (!(asleep > 0)) continue;
      const provenance: Record<string, number> = {};
      if (light !== undefined) provenance.lightS = light;
      if (deep !== undefined) provenance.deepS = deep;
      if (rem !== undefined) provenance.remS = rem;
      const awake = stage('wakeupduration');
      if (awake !== undefined) provenance.awakeS = awake;
      if (night.id !== undefined) provenance.id = night.id;
      out.push({
        kind: 'sleep_duration',
        start,
        end,
        value: asleep,
        unit: 's',
        ...zoned(start, night.timezone, context.timeZone),
        source: SOURCE,
        device: night.model ?? null,
        originId: `sleep:${new Date(start).toISOString()}`,
        meta: { provenance },
      });
    }
  }
  return out;
}
