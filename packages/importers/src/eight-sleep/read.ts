import { ChunkBuffer } from '../shared/chunk-buffer';
import { jsonRecords } from '../shared/json-records';
import type { ImportChunk, ImportContext, ImportFile } from '../types';
import { sleepNightFiles } from './detect';
import { mapSession } from './map';

/**
 * Reads `sleep_nights.json` session by session; `user_profile.json` and the README hold no readings. A
 * session without `ts` is one issue; otherwise each of its readings is a sample, an issue or skipped.
 */
export async function* readEightSleep(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const chunk = new ChunkBuffer();
  try {
    for (const file of await sleepNightFiles(files)) {
      let record = 0;
      for await (const { value } of jsonRecords(file, { formatError: true })) {
        if (context.signal?.aborted) return;
        const session =
          value && typeof value === 'object' && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : {};
        const mapped = mapSession(session, context.timeZone);
        if ('problem' in mapped) {
          chunk.record();
          chunk.issue({ message: mapped.problem, file: file.name, record });
        } else {
          chunk.record(mapped.samples.length + mapped.problems.length);
          chunk.add(...mapped.samples);
          for (const message of mapped.problems) chunk.issue({ message, file: file.name, record });
          for (const { type, reason } of mapped.skipped) chunk.skip(type, reason);
        }
        record += 1;
        if (chunk.full) yield chunk.take();
      }
    }
  } catch (error) {
    if (chunk.pending) yield chunk.take();
    throw error;
  }
  if (chunk.pending) yield chunk.take();
}
