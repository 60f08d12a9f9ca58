import type { ImportFile } from '../types';
import { classify } from './entries';

/**
 * Sure when a file's entry name and content agree (steps-2023-01-01.json holding Fitbit's
 * "MM/DD/YY hh:mm:ss" minute records) or when content alone gives Fitbit away (heart rate with
 * "bpm" and "confidence", sleep logs with "dateOfSleep"). Empty month files alone are not enough.
 */
export async function detectFitbit(files: readonly ImportFile[]): Promise<number> {
  let json = 0;
  let csv = 0;
  for (const file of files) {
    const entry = await classify(file);
    if (!entry?.hasRecords) continue;
    if (entry.format === 'json') json++;
    else csv++;
    if (json >= 2) break;
  }
  if (json > 0) return json >= 2 ? 0.95 : 0.9;
  return csv > 0 ? 0.75 : 0;
}
