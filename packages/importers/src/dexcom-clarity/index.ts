import type { Importer } from '../types';
import { detectClarity } from './detect';
import { readClarity } from './read';

export const dexcomClarityImporter = {
  format: 'dexcom-clarity',
  label: 'Dexcom Clarity CSV export',
  detect: detectClarity,
  read: readClarity,
} satisfies Importer;
