import type { ImportFile } from '../types';

/** Eight Sleep's `sleep_nights.json`: sessions with a `ts` and an ordered list of `stages`. */
const SESSION_KEYS = [/"stages"\s*:\s*\[/, /"stage"\s*:/, /"ts"\s*:/];

export async function sleepNightFiles(files: readonly ImportFile[]): Promise<ImportFile[]> {
  const found: ImportFile[] = [];
  for (const file of files) {
    if (files.length > 1 && !/\.json$/i.test(file.name)) continue;
    const text = (await file.head())
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if ((text.startsWith('{') || text.startsWith('[')) && SESSION_KEYS.every((key) => key.test(text)))
      found.push(file);
  }
  return found;
}

export async function detectEightSleep(files: readonly ImportFile[]): Promise<number> {
  return (await sleepNightFiles(files)).length > 0 ? 0.9 : 0;
}
