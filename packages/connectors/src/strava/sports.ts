/**
 * Strava sport types in the words the `strava` importer and Garmin's FIT sport names use, so one run reads
 * alike from the API, the bulk export and a watch file.
 */
const SPORTS: Record<string, string> = {
  run: 'running',
  trail_run: 'running',
  virtual_run: 'running',
  ride: 'cycling',
  virtual_ride: 'cycling',
  mountain_bike_ride: 'cycling',
  gravel_ride: 'cycling',
  swim: 'swimming',
  walk: 'walking',
  hike: 'hiking',
};

/** "WeightTraining" → "weight_training", "Run" → "running". */
export function activityName(sportType: string | undefined): string {
  const snake = (sportType ?? '')
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
  return SPORTS[snake] ?? (snake || 'workout');
}
