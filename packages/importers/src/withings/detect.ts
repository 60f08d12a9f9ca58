import type { ImportFile } from '../types';
import { classify } from './entries';

/** Sure on weight.csv, bp.csv or sleep.csv headers; aggregates_steps.csv alone is only a hint. */
export async function detectWithings(files: readonly ImportFile[]): Promise<number> {
  let best = 0;
  for (const file of files) {
    const type = await classify(file);
    if (type) best = Math.max(best, type === 'steps' ? 0.6 : 0.9);
    if (best >= 0.9) break;
  }
  return best;
}
