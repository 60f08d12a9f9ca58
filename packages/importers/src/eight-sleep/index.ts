import type { Importer } from '../types';
import { detectEightSleep } from './detect';
import { readEightSleep } from './read';

/** Eight Sleep's data export is JSON (`sleep_nights.json` in a zip), not CSV; see README.md. */
export const eightSleepImporter = {
  format: 'eight-sleep',
  label: 'Eight Sleep export (sleep_nights.json)',
  detect: detectEightSleep,
  read: readEightSleep,
} satisfies Importer;
