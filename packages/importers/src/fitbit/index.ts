import type { Importer } from '../types';
import { detectFitbit } from './detect';
import { readFitbit } from './read';

/** Fitbit's account export through Google Takeout: Global Export Data JSON and the newer time-series CSVs. */
export const fitbitImporter = {
  format: 'fitbit',
  label: 'Fitbit data (Google Takeout)',
  detect: detectFitbit,
  read: readFitbit,
} satisfies Importer;
