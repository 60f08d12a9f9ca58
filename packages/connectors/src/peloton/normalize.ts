import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';
import type { PelotonWorkout } from './client';

const SOURCE = 'peloton';
const METRES: Record<string, number> = { mi: 1609.344, miles: 1609.344, km: 1000, m: 1 };
/** Not exercise in the sense of exercise minutes; still a workout row. */
const NOT_EXERCISE = new Set(['meditation']);

interface Summary {
  slug?: string;
  display_unit?: string;
  value?: number | null;
}
interface Graph {
  summaries?: Summary[];
  average_summaries?: Summary[];
  metrics?: { slug?: string; average_value?: number | null }[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The workout's own IANA zone when it is one this runtime knows, else the person's. */
function zoneOf(zone: string | undefined, fallback: string, at: number): string {
  if (!zone) return fallback;
  try {
    zoneOffsetAt(zone, at);
    return zone;
  } catch {
    return fallback;
  }
}

function summary(graph: Graph | undefined, slug: string): Summary | undefined {
  return graph?.summaries?.find((s) => s.slug === slug && finite(s.value));
}

/** Distance of the graph's summary in metres: Peloton sends it in the account's units (mi or km). */
function distanceMetres(graph: Graph | undefined): number | undefined {
  const s = summary(graph, 'distance');
  const factor = METRES[(s?.display_unit ?? '').toLowerCase()];
  return s && factor ? round(s.value! * factor) : undefined;
}

function averageHeartRate(graph: Graph | undefined): number | undefined {
  const metric = graph?.metrics?.find((m) => m.slug === 'heart_rate' && finite(m.average_value));
  if (metric) return round(metric.average_value!);
  const avg = graph?.average_summaries?.find((s) => s.slug === 'avg_heart_rate' && finite(s.value));
  return avg ? round(avg.value!) : undefined;
}

const activityOf = (discipline: string | undefined) =>
  discipline
    ? discipline
        .trim()
        .toLowerCase()
        .replace(/[\s/-]+/g, '_')
    : 'workout';

/**
 * Peloton → canonical samples. A finished workout is a `workout` row (minutes from start to end, with
 * discipline, distance, calories and average heart rate in `meta.workout`, as the CSV importer writes
 * them) plus exercise_minutes, active_calories_burned, distance and its average heart_rate over the
 * same span. Peloton gives epoch seconds and the workout's IANA zone. `originId` is the workout id.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  if (page.resource !== 'workouts') return [];
  const data = (page.payload as { data?: unknown }).data;
  const out: NewSample[] = [];
  for (const w of Array.isArray(data) ? (data as PelotonWorkout[]) : []) {
    if (!w?.id || (w.status !== undefined && w.status !== 'COMPLETE')) continue;
    if (!finite(w.start_time) || !finite(w.end_time)) continue;
    const start = w.start_time * 1000;
    const end = w.end_time * 1000;
    if (end <= start) continue;
    const graph = (w.performance_graph ?? undefined) as Graph | undefined;
    const minutes = round((end - start) / 60_000);
    const activity = activityOf(w.fitness_discipline);
    const totalOutputKj =
      finite(w.total_work) && w.total_work > 0
        ? round(w.total_work / 1000)
        : (summary(graph, 'total_output')?.value ?? undefined);
    const calories = summary(graph, 'calories')?.value ?? undefined;
    // Without a calorie figure, a ride's output stands in: 1 kJ of work ≈ 1 kcal burned (~24 % efficiency).
    const energyKcal =
      calories !== undefined
        ? round(calories, 0)
        : activity === 'cycling' && totalOutputKj
          ? round(totalOutputKj, 0)
          : undefined;
    const distanceM = distanceMetres(graph);
    const avgHeartRate = averageHeartRate(graph);
    const base = {
      start,
      end,
      tz: zoneOf(w.timezone, context.timeZone, start),
      source: SOURCE,
      originId: w.id,
    };
    out.push({
      ...base,
      kind: 'workout',
      value: minutes,
      unit: 'min',
      meta: {
        workout: {
          activity,
          ...(distanceM !== undefined ? { distanceM } : {}),
          ...(energyKcal !== undefined ? { energyKcal } : {}),
          ...(avgHeartRate !== undefined ? { avgHeartRate } : {}),
        },
        provenance: {
          title: w.ride?.title ?? null,
          instructor: w.ride?.instructor?.name ?? null,
          classLengthMin: finite(w.ride?.duration) ? round(w.ride.duration / 60) : null,
          totalOutputKj: totalOutputKj ?? null,
          deviceType: w.device_type ?? null,
        },
      },
    });
    if (!NOT_EXERCISE.has(activity))
      out.push({ ...base, kind: 'exercise_minutes', value: minutes, unit: 'min' });
    if (energyKcal) out.push({ ...base, kind: 'active_calories_burned', value: energyKcal, unit: 'kcal' });
    if (distanceM) out.push({ ...base, kind: 'distance', value: distanceM, unit: 'm' });
    if (avgHeartRate) out.push({ ...base, kind: 'heart_rate', value: avgHeartRate, unit: '/min' });
  }
  return out;
}
