import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { NewSample } from '@healthfolio/core';
import { fileFromBuffer } from '../files/memory-file';
import type { ImportChunk, ImportContext, ImportFile, ImportIssue, Importer, SkippedRecords } from '../types';

/** Everything a read yielded, and the error it ended with, for assertions in tests. */
export interface Collected {
  chunks: ImportChunk[];
  samples: NewSample[];
  issues: ImportIssue[];
  warnings: string[];
  records: number;
  /** Skipped readings by type, summed over the chunks. */
  skipped: Map<string, SkippedRecords>;
  /** Readings skipped in all. */
  skippedCount: number;
  error?: Error;
}

/**
 * Whether every reading is accounted for: samples + issues + skipped = records (ImportChunk). Tests
 * assert `expect(unaccounted(out)).toBe(0)` on every fixture.
 */
export const unaccounted = (out: Collected): number =>
  out.records - out.samples.length - out.issues.length - out.skippedCount;

/** Runs a read to the end, keeping what it yielded before any error. */
export function collect(run: AsyncIterable<ImportChunk>): Promise<Collected>;
/** Runs `importer` on `files` to the end, keeping what it yielded before any error. */
export function collect(
  importer: Importer,
  files: readonly ImportFile[],
  context: ImportContext,
): Promise<Collected>;
export async function collect(
  run: AsyncIterable<ImportChunk> | Importer,
  files: readonly ImportFile[] = [],
  context?: ImportContext,
): Promise<Collected> {
  const chunks = 'read' in run ? run.read(files, context!) : run;
  const out: Collected = {
    chunks: [],
    samples: [],
    issues: [],
    warnings: [],
    records: 0,
    skipped: new Map(),
    skippedCount: 0,
  };
  try {
    for await (const chunk of chunks) {
      out.chunks.push(chunk);
      out.samples.push(...chunk.samples);
      out.issues.push(...(chunk.issues ?? []));
      out.warnings.push(...(chunk.warnings ?? []));
      out.records += chunk.records;
      for (const s of chunk.skipped ?? []) {
        const known = out.skipped.get(s.type);
        if (known) known.count += s.count;
        else out.skipped.set(s.type, { ...s });
        out.skippedCount += s.count;
      }
    }
  } catch (error) {
    out.error = error as Error;
  }
  return out;
}

/** The samples of one kind. */
export const ofKind = (samples: NewSample[], kind: string): NewSample[] =>
  samples.filter((s) => s.kind === kind);

/** An account in `timeZone`, Ben Carter's unless named. */
export const context = (timeZone: string, name = 'Ben Carter'): ImportContext => ({
  owner: { name, email: 'ben@example.test' },
  timeZone,
});

/** Ada's account: New York, where 2024-03-10 is the spring-forward day. */
export const adaContext: ImportContext = {
  owner: { name: 'Ada Example', email: 'ada@example.test' },
  timeZone: 'America/New_York',
};

/** Every file under a fixture folder as a zip's entries would arrive, named by their path in it. */
export function fixtureFiles(dir: string): ImportFile[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((path) => join(dir, path))
    .filter((path) => statSync(path).isFile())
    .sort()
    .map((path) => fileFromBuffer(relative(dir, path), readFileSync(path)));
}

/** The fixture files of the format folders named (`<format>/fixtures`), as one upload. */
export function formatFixtures(folders: readonly string[]): ImportFile[] {
  return folders.flatMap((folder) => fixtureFiles(join(import.meta.dirname, '..', folder, 'fixtures')));
}

/** The format folders whose fixtures the wearable and CGM importers must each leave alone. */
export const CGM_AND_WEARABLE_FOLDERS = [
  'dexcom-clarity',
  'libreview',
  'oura',
  'whoop',
  'eight-sleep',
] as const;

/** A text file that is none of the formats. */
export const randomText = fileFromBuffer(
  'notes.txt',
  'Index,Name,Value\n1,apple,3\n2,pear,4\nThe quick brown fox jumps over the lazy dog.\n',
);
