import type { Importer } from '../types';
import { detectLibreView } from './detect';
import { readLibreView } from './read';

export const libreviewImporter = {
  format: 'libreview',
  label: 'LibreView (FreeStyle Libre) CSV export',
  detect: detectLibreView,
  read: readLibreView,
} satisfies Importer;
