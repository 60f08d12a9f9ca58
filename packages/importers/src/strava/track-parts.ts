import type { ChunkBuffer } from '../shared/chunk-buffer';

/**
 * What a track (GPX, TCX, or an export's FIT) recorded besides heart rate, for the accounting: heart
 * rate becomes one sample a minute; each other series it holds is one reading a track, skipped.
 */
export interface TrackParts {
  /** Whether any point had a position: the route. */
  route: boolean;
  /** The other series its points carried, by our name for them ("elevation", "cadence"). */
  series: Set<string>;
  /** Points without a readable time, whose readings cannot be placed. */
  untimed: number;
}

export const newTrackParts = (): TrackParts => ({ route: false, series: new Set(), untimed: 0 });

/** Our name for a series, by the element (GPX, TCX) or field (FIT) a point writes it in. */
const SERIES_NAMES: Record<string, string> = {
  ele: 'elevation',
  AltitudeMeters: 'elevation',
  altitude: 'elevation',
  enhancedAltitude: 'elevation',
  cad: 'cadence',
  Cadence: 'cadence',
  RunCadence: 'cadence',
  cadence: 'cadence',
  fractionalCadence: 'cadence',
  atemp: 'temperature',
  wtemp: 'temperature',
  temperature: 'temperature',
  Speed: 'speed',
  speed: 'speed',
  enhancedSpeed: 'speed',
  Watts: 'power',
  power: 'power',
};

export const seriesName = (element: string): string => SERIES_NAMES[element] ?? element;

/** The route and the other series of one track, each a reading skipped with why; untimed points, one issue. */
export function skipTrackParts(out: ChunkBuffer, parts: TrackParts, file: string, kept = false): void {
  // A lone track's workout keeps its points (route and elevation): they are part of that reading.
  if (parts.route && !kept) {
    out.skip('track route (positions)', 'Healthfolio keeps the route of a lone GPX or TCX file only');
  }
  for (const name of parts.series) {
    if (kept && name === 'elevation') continue;
    out.skip(`track ${name}`, 'a track keeps its heart rate (one average a minute); this series is not kept');
  }
  if (parts.untimed > 0) {
    out.record();
    const points = parts.untimed === 1 ? '1 track point has' : `${parts.untimed} track points have`;
    const were = parts.untimed === 1 ? 'was' : 'were';
    out.issue({ message: `${points} no readable time and ${were} not read`, file });
  }
}
