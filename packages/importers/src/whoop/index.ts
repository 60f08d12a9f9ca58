import type { Importer } from '../types';
import { detectWhoop } from './detect';
import { readWhoop } from './read';

export const whoopImporter = {
  format: 'whoop',
  label: 'WHOOP export (CSV)',
  detect: detectWhoop,
  read: readWhoop,
} satisfies Importer;
