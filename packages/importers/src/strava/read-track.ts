import { StringDecoder } from 'node:string_decoder';
import { zoneOffsetAt, type NewSample, type WorkoutTrackPoints } from '@healthfolio/core';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { ChunkBuffer } from '../shared/chunk-buffer';
import { MinuteAverager, type MinuteAverage } from '../shared/minute-average';
import { heartRateSample } from './heart-rate';
import { activityName } from './names';
import { skipTrackParts } from './track-parts';
import { TrackReader, type TrackPoint, type TrackSummary } from './track-reader';

/** Running totals of a track, kept as points stream by. */
interface Totals {
  first?: TrackPoint;
  last?: TrackPoint;
  points: number;
  hrSum: number;
  hrCount: number;
  maxDistance: number;
  pathMetres: number;
  /** The points themselves, kept for a lone track's workout (its route, pace and elevation). */
  kept?: KeptPoints;
}

/** Points as columns; times in epoch ms until the workout's start is known. */
type KeptPoints = Omit<WorkoutTrackPoints, 't'> & { at: number[] };

/**
 * A GPX or TCX file: heart rate one average a minute, and, when `withWorkout`, the workout the track
 * describes (a lone upload; in the bulk export activities.csv gives the workouts, and the track's is
 * skipped). Each minute and the workout are readings; the route and every other series the points carry
 * are one reading a track each, skipped. A file cut short or malformed yields what it read, then throws
 * with the line.
 */
export async function* readTrack(
  file: ImportFile,
  context: ImportContext,
  withWorkout: boolean,
): AsyncGenerator<ImportChunk> {
  const totals: Totals = { points: 0, hrSum: 0, hrCount: 0, maxDistance: 0, pathMetres: 0 };
  if (withWorkout) totals.kept = { at: [], lat: [], lon: [], ele: [], dist: [], hr: [] };
  const averager = new MinuteAverager();
  const out = new ChunkBuffer();
  let device: string | undefined;
  const push = (m: MinuteAverage | undefined) => {
    if (!m) return;
    out.record();
    out.add(heartRateSample(m, context, device));
  };
  const reader = new TrackReader((point) => {
    add(totals, point);
    if (valid(point)) reader.parts.route = true;
    if (point.heartRate !== undefined) push(averager.add(point.time, point.heartRate));
  });
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of file.open()) {
      reader.write(decoder.write(chunk as Buffer));
      device ??= reader.summary.device;
      if (out.full) yield out.take();
      if (context.signal?.aborted) return;
    }
    reader.write(decoder.end());
    reader.end();
  } catch (error) {
    yield out.take();
    throw new ImportFormatError(
      `${file.name} cannot be read past line ${reader.line}: ${(error as Error).message}`,
      {
        file: file.name,
        line: reader.line,
      },
    );
  }
  push(averager.flush());
  const workout =
    totals.points > 0 ? addWorkout(out, totals, reader.summary, file.name, context, withWorkout) : undefined;
  if (workout && totals.kept) out.addTrack(trackOf(workout, totals.kept));
  skipTrackParts(out, reader.parts, file.name, workout !== undefined && totals.kept !== undefined);
  yield out.take();
}

/** The workout a track describes: a sample of a lone track, skipped in the export (activities.csv has it). */
function addWorkout(
  out: ChunkBuffer,
  totals: Totals,
  summary: TrackSummary,
  file: string,
  context: ImportContext,
  withWorkout: boolean,
): NewSample | undefined {
  if (!withWorkout) {
    out.skip('track workout', 'activities.csv gives this workout; its track adds heart rate only');
    return undefined;
  }
  out.record();
  const workout = trackWorkout(totals, summary, file, context);
  if (workout) out.add(workout);
  else out.issue({ message: 'The track starts and ends at the same time: it gives no workout', file });
  return workout;
}

/** The track of a lone file's workout: seconds from its start, distance measured (TCX) or along the route. */
function trackOf(workout: NewSample, kept: KeptPoints) {
  const { at, ...series } = kept;
  return {
    source: workout.source,
    start: workout.start,
    originId: workout.originId!,
    points: { t: at.map((ms) => (ms - workout.start) / 1000), ...series },
  };
}

function add(totals: Totals, point: TrackPoint): void {
  const previous = totals.last;
  totals.first ??= point;
  totals.last = point;
  totals.points += 1;
  if (point.heartRate !== undefined) {
    totals.hrSum += point.heartRate;
    totals.hrCount += 1;
  }
  if (point.distanceM !== undefined && point.distanceM > totals.maxDistance)
    totals.maxDistance = point.distanceM;
  if (previous && valid(previous) && valid(point)) totals.pathMetres += haversine(previous, point);
  const kept = totals.kept;
  if (kept) {
    kept.at.push(point.time);
    kept.lat.push(valid(point) ? point.lat! : null);
    kept.lon.push(valid(point) ? point.lon! : null);
    kept.ele.push(point.elevation ?? null);
    kept.hr.push(point.heartRate ?? null);
    kept.dist.push(point.distanceM ?? (valid(point) ? Math.round(totals.pathMetres * 10) / 10 : null));
  }
}

function trackWorkout(
  totals: Totals,
  summary: TrackSummary,
  file: string,
  context: ImportContext,
): NewSample | undefined {
  const start = summary.declaredStart ?? totals.first?.time;
  if (start === undefined) return undefined;
  const lastPoint = totals.last?.time;
  const end = lastPoint !== undefined && lastPoint > start ? lastPoint : start + summary.lapSeconds * 1000;
  if (end <= start) return undefined;
  const distanceM = summary.lapMetres || totals.maxDistance || totals.pathMetres || undefined;
  return {
    kind: 'workout',
    start,
    end,
    value: Math.round(((end - start) / 60_000) * 100) / 100,
    unit: 'min',
    utcOffsetMin: zoneOffsetAt(context.timeZone, start),
    tz: context.timeZone,
    source: 'strava',
    device: summary.device ?? null,
    originId: `track:${Math.floor(start / 1000)}`,
    meta: {
      workout: {
        activity: activityName(summary.activity),
        distanceM: distanceM === undefined ? undefined : Math.round(distanceM * 10) / 10,
        energyKcal: summary.lapCalories || undefined,
        avgHeartRate: totals.hrCount > 0 ? Math.round(totals.hrSum / totals.hrCount) : undefined,
      },
      provenance: { file },
    },
  };
}

const valid = (p: TrackPoint) => Number.isFinite(p.lat) && Number.isFinite(p.lon);

/** Great-circle metres between two points (GPX carries no distance of its own). */
function haversine(a: TrackPoint, b: TrackPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat! - a.lat!) * rad;
  const dLon = (b.lon! - a.lon!) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat! * rad) * Math.cos(b.lat! * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
