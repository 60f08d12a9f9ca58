import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileFromBuffer } from '../files/memory-file';
import type { ImportChunk, ImportFile } from '../types';

/** Every file under a fixture folder as a zip's entries would arrive, named by their path in it. */
export function fixtureFiles(dir: string): ImportFile[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((path) => join(dir, path))
    .filter((path) => statSync(path).isFile())
    .sort()
    .map((path) => fileFromBuffer(relative(dir, path), readFileSync(path)));
}

/** Everything a read yields, or the error it ends with, for tests. */
export async function collect(
  chunks: AsyncIterable<ImportChunk>,
): Promise<{ chunks: ImportChunk[]; error?: unknown }> {
  const out: ImportChunk[] = [];
  try {
    for await (const chunk of chunks) out.push(chunk);
  } catch (error) {
    return { chunks: out, error };
  }
  return { chunks: out };
}
