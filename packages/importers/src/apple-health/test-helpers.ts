import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fileFromBuffer } from '../files/memory-file';
import { collect, type Collected } from '../shared/test-support';
import type { ImportContext, ImportFile } from '../types';
import { appleHealthImporter } from './index';

export const context: ImportContext = {
  owner: { name: 'Ada Lovelace', email: 'ada@example.com' },
  timeZone: 'America/Los_Angeles',
};

export const fixture = (name: string): Buffer =>
  readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)));

export const fixtureFile = (name: string, chunkBytes?: number): ImportFile =>
  fileFromBuffer(name, fixture(name), chunkBytes);

/** Everything read from the files, the chunks it came in and the error read() ended with, if any. */
export const readAll = (files: ImportFile[], ctx: ImportContext = context): Promise<Collected> =>
  collect(appleHealthImporter, files, ctx);

/** The skipped readings by the type the file names, for exact assertions. */
export const skippedCounts = (out: Collected): Record<string, number> =>
  Object.fromEntries([...out.skipped.values()].map((s) => [s.type, s.count]));

/** Epoch ms of a time written as UTC parts. */
export const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, mo - 1, d, h, mi, s);
