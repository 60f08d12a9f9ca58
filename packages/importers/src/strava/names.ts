/** Strava's activity types in the words Garmin's FIT sport names use, so one run reads alike from both. */
const SPORTS: Record<string, string> = {
  run: 'running',
  ride: 'cycling',
  swim: 'swimming',
  walk: 'walking',
  hike: 'hiking',
  virtual_ride: 'cycling',
  virtual_run: 'running',
  biking: 'cycling',
};

/** "Weight Training" → "weight_training", "Run" → "running". */
export function activityName(type: string | undefined): string {
  const snake = (type ?? '')
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
  return SPORTS[snake] ?? (snake || 'workout');
}

/** The activity id of a track file in the export: activities/1234567890.gpx(.gz) → "1234567890". */
export function activityIdOf(entryName: string): string | undefined {
  const base = entryName.split('/').pop() ?? '';
  return /^(\d+)\./.exec(base)?.[1];
}
