import { readFileSync } from 'node:fs';
import type { NewSample } from '@healthfolio/core';
import { fileFromBuffer } from '../files/memory-file';
import type { Collected } from '../shared/test-support';
import type { ImportChunk, ImportContext, ImportFile, SkippedRecords } from '../types';
import { fhirImporter } from './index';

/** A fixture of this folder as an upload file, named as in the real export. */
export function fixture(name: string, chunkBytes?: number): ImportFile {
  return fileFromBuffer(name, readFileSync(new URL(`./fixtures/${name}`, import.meta.url)), chunkBytes);
}

export const blueButtonFiles = (): ImportFile[] =>
  ['Patient.ndjson', 'Coverage.ndjson', 'ExplanationOfBenefit.ndjson'].map((n) => fixture(`bluebutton/${n}`));

export function context(ownerName = 'Chen Liu', timeZone = 'America/New_York'): ImportContext {
  return { owner: { name: ownerName, email: 'owner@example.test' }, timeZone };
}

/** What a read yielded, as `collect` gathers it (so `unaccounted` applies). */
export type ReadAll = Collected;

export async function readAll(files: ImportFile[], ctx: ImportContext = context()): Promise<ReadAll> {
  const chunks: ImportChunk[] = [];
  for await (const chunk of fhirImporter.read(files, ctx)) chunks.push(chunk);
  return summarize(chunks);
}

export function summarize(chunks: ImportChunk[]): ReadAll {
  const skipped = new Map<string, SkippedRecords>();
  for (const s of chunks.flatMap((c) => c.skipped ?? [])) {
    const known = skipped.get(s.type);
    if (known) known.count += s.count;
    else skipped.set(s.type, { ...s });
  }
  return {
    chunks,
    samples: chunks.flatMap((c) => c.samples),
    issues: chunks.flatMap((c) => c.issues ?? []),
    warnings: chunks.flatMap((c) => c.warnings ?? []),
    records: chunks.reduce((n, c) => n + c.records, 0),
    skipped,
    skippedCount: [...skipped.values()].reduce((n, s) => n + s.count, 0),
  };
}

/** The one sample with this originId and kind; fails loudly when there is not exactly one. */
export function one(samples: NewSample[], originId: string, kind?: string): NewSample {
  const found = samples.filter((s) => s.originId === originId && (kind === undefined || s.kind === kind));
  if (found.length !== 1)
    throw new Error(`expected one sample ${originId} ${kind ?? ''}, found ${found.length}`);
  return found[0]!;
}
