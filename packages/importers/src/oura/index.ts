import type { Importer } from '../types';
import { detectOura } from './detect';
import { readOura } from './read';

export const ouraImporter = {
  format: 'oura',
  label: 'Oura export (CSV or JSON)',
  detect: detectOura,
  read: readOura,
} satisfies Importer;
