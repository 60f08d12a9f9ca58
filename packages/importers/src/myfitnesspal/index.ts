import type { Importer } from '../types';
import { detectMyFitnessPal } from './detect';
import { readMyFitnessPal } from './read';

/** MyFitnessPal Premium's "Export data" zip: nutrition per meal, weights, exercise. */
export const myFitnessPalImporter = {
  format: 'myfitnesspal',
  label: 'MyFitnessPal export (CSV)',
  detect: detectMyFitnessPal,
  read: readMyFitnessPal,
} satisfies Importer;
