import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { DeletedOrigins, RawPage } from '../types';
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

/** The person's own real measures: goals (category 2) and groups that may be someone else's are left out. */
function personalGroups(groups: MeasureGroup[] | undefined): MeasureGroup[] {
  return (groups ?? []).filter(
    (g) => (g.category ?? 1) === 1 && !SKIPPED_ATTRIBS.has(g.attrib ?? 0) && Number.isFinite(g.date * 1000),
  );
}

/** The kinds a group of each origin family can hold: a weigh-in (a Body Cardio adds its pulse), a cuff reading. */
const FAMILY_KINDS: Record<string, readonly string[]> = {
  weight: ['weight', 'body_fat', 'fat_mass', 'muscle_mass', 'bone_mass', 'heart_rate'],
  bp: ['blood_pressure_systolic', 'blood_pressure_diastolic', 'heart_rate'],
  hr: ['heart_rate'],
};

/** `weight:<instant>`, `bp:<instant>` or `hr:<instant>`, as the Withings CSV importer names the same reading. */
function originOf(group: MeasureGroup): string {
  const types = new Set((group.measures ?? []).map((m) => m.type).filter((t) => TYPES[t]));
  const instant = new Date(group.date * 1000).toISOString();
  const family = [...types].some((t) => BP_TYPES.has(t))
    ? 'bp'
    : [...types].some((t) => BODY_TYPES.has(t))
      ? 'weight'
      : 'hr';
  return `${family}:${instant}`;
}

const bodyOf = <T>(payload: unknown): T | undefined => {
  const envelope = payload as Envelope<T> | null;
  return envelope && envelope.status === 0 ? envelope.body : undefined;
};

/**
 * What a getmeas page says is gone: a measure group is the whole of one reading, and Withings updates
 * the group when one of its measures is edited or deleted, so a kind of its family the group no longer
 * holds (a deleted fat ratio, a value that became 0) is deleted under the group's origin. A group that
 * is gone altogether is not in the answer at all: the re-read window (`covers`) finds it.
 */
export function deleted(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): DeletedOrigins[] {
  if (page.resource !== 'measures') return [];
  const held = new Map<string, Set<string>>();
  for (const s of normalize(page, context)) {
    const kinds = held.get(s.originId!) ?? new Set<string>();
    kinds.add(s.kind);
    held.set(s.originId!, kinds);
  }
  const body = bodyOf<{ measuregrps?: MeasureGroup[] }>(page.payload);
  const byKinds = new Map<string, string[]>();
  for (const group of personalGroups(body?.measuregrps)) {
    const origin = originOf(group);
    const family = FAMILY_KINDS[origin.slice(0, origin.indexOf(':'))]!;
    const missing = family.filter((k) => !held.get(origin)?.has(k));
    if (missing.length === 0 || missing.length === family.length) continue;
    const key = missing.join(',');
    byKinds.set(key, [...(byKinds.get(key) ?? []), origin]);
  }
  return [...byKinds].map(([kinds, originIds]) => ({
    kinds: kinds.split(','),
    originIds: [...new Set(originIds)],
  }));
}

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
    for (const group of personalGroups(body?.measuregrps)) {
      const start = group.date * 1000;
      const originId = originOf(group);
      const when = zoned(start, body?.timezone, context.timeZone);
      for (const m of group.measures ?? []) {
        const type = TYPES[m.type];
        const value = type && measureValue(m);
        if (!type || !(value && value > 0)) continue;
        out.push({
          kind: type.kind,
          start,
          value,
          unit: type.unit,
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
