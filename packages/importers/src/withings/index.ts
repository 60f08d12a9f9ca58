import type { Importer } from '../types';
import { detectWithings } from './detect';
import { readWithings } from './read';

/** Withings Health Mate's "Download my data" zip: weight, blood pressure, sleep and daily steps. */
export const withingsImporter = {
  format: 'withings',
  label: 'Withings export (CSV)',
  detect: detectWithings,
  read: readWithings,
} satisfies Importer;
