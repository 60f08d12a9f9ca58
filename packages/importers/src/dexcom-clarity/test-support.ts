import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NewSample } from '@healthfolio/core';
import { fileFromBuffer } from '../files/memory-file';
import type { ImportContext, ImportFile, ImportIssue, Importer } from '../types';

/** Everything an importer yielded, and the error it ended with, for assertions in tests. */
export interface Collected {
  samples: NewSample[];
  issues: ImportIssue[];
  warnings: string[];
  records: number;
  chunks: number;
  error?: unknown;
}

export async function collect(
  importer: Importer,
  files: readonly ImportFile[],
  context: ImportContext,
): Promise<Collected> {
  const out: Collected = { samples: [], issues: [], warnings: [], records: 0, chunks: 0 };
  try {
    for await (const chunk of importer.read(files, context)) {
      out.chunks += 1;
      out.samples.push(...chunk.samples);
      out.issues.push(...(chunk.issues ?? []));
      out.warnings.push(...(chunk.warnings ?? []));
      out.records += chunk.records;
    }
  } catch (error) {
    out.error = error;
  }
  return out;
}

export const context = (timeZone: string, name = 'Ben Carter'): ImportContext => ({
  owner: { name, email: 'ben@example.test' },
  timeZone,
});

/** Fixture files of the wearable and CGM importers (every format folder named), as uploads. */
export function fixtureFiles(folders: readonly string[]): ImportFile[] {
  const root = join(import.meta.dirname, '..');
  return folders.flatMap((folder) => {
    const dir = join(root, folder, 'fixtures');
    return readdirSync(dir).map((name) => fileFromBuffer(name, readFileSync(join(dir, name))));
  });
}

export const CGM_AND_WEARABLE_FOLDERS = [
  'dexcom-clarity',
  'libreview',
  'oura',
  'whoop',
  'eight-sleep',
] as const;

export const randomText = fileFromBuffer(
  'notes.txt',
  'Index,Name,Value\n1,apple,3\n2,pear,4\nThe quick brown fox jumps over the lazy dog.\n',
);
