import type { Importer } from '../types';
import { detectGoogleFit } from './detect';
import { readGoogleFit } from './read';

/** Google Fit's Takeout folder ("Fit"): activity-metrics CSVs or All Data JSON. */
export const googleFitImporter = {
  format: 'google-fit',
  label: 'Google Fit / Health Connect (Google Takeout)',
  detect: detectGoogleFit,
  read: readGoogleFit,
} satisfies Importer;
