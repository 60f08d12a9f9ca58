import type { ImportFile } from '../types';
import { classify } from './entries';

/** Sure on a Nutrition- or Exercise-Summary header; a lone Measurement-Summary is only likely. */
export async function detectMyFitnessPal(files: readonly ImportFile[]): Promise<number> {
  let best = 0;
  for (const file of files) {
    const type = await classify(file);
    if (type) best = Math.max(best, type === 'measurement' ? 0.6 : 0.9);
    if (best >= 0.9) break;
  }
  return best;
}
