import type { Importer } from '../types';
import { detectHealthfolioExport, readHealthfolioExport } from './read';

/** Healthfolio's own JSON export (Settings → Export my data), read back into an account; see README.md. */
export const healthfolioExportImporter = {
  format: 'healthfolio-export',
  label: 'Healthfolio export (healthfolio-export-….json)',
  detect: detectHealthfolioExport,
  read: readHealthfolioExport,
} satisfies Importer;
