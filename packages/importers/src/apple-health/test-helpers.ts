import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { NewSample } from '@healthfolio/core';
import { fileFromBuffer } from '../files/memory-file';
import type { ImportContext, ImportFile, ImportIssue } from '../types';
import { appleHealthImporter } from './index';

export const context: ImportContext = {
  owner: { name: 'Ada Lovelace', email: 'ada@example.com' },
  timeZone: 'America/Los_Angeles',
};

export const fixture = (name: string): Buffer =>
  readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)));

export const fixtureFile = (name: string, chunkBytes?: number): ImportFile =>
  fileFromBuffer(name, fixture(name), chunkBytes);

export interface ReadResult {
  samples: NewSample[];
  records: number;
  issues: ImportIssue[];
  chunkSizes: number[];
  error?: unknown;
}

/** Everything read from the files, and the error read() ended with, if any. */
export async function readAll(files: ImportFile[], ctx: ImportContext = context): Promise<ReadResult> {
  const result: ReadResult = { samples: [], records: 0, issues: [], chunkSizes: [] };
  try {
    for await (const chunk of appleHealthImporter.read(files, ctx)) {
      result.samples.push(...chunk.samples);
      result.records += chunk.records;
      result.issues.push(...(chunk.issues ?? []));
      result.chunkSizes.push(chunk.samples.length);
    }
  } catch (error) {
    result.error = error;
  }
  return result;
}

/** Epoch ms of a time written as UTC parts. */
export const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
  Date.UTC(y, mo - 1, d, h, mi, s);
