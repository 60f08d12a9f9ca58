import type { ImportFile } from '../types';

/** Text entries worth opening: every file of a single upload, the .csv/.txt entries of a zip. */
export const looksLikeText = (file: ImportFile, all: readonly ImportFile[]): boolean =>
  all.length === 1 || /\.(csv|txt)$/i.test(file.name);
