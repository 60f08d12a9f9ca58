import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ExportContent, ExportRow } from './export-types';

/**
 * A zip with one CSV per section, plus profile.csv and settings.csv, and one CSV per metric under
 * metrics/. yazl deflates each entry as its rows stream in and writes ZIP64 records when needed, so
 * millions of samples never sit in memory.
 */
export function csvExport(
  content: ExportContent,
  /** The per-metric files, found once the zip has started. */
  metrics: () => Promise<ExportContent['sections']> = async () => [],
): Readable {
  const { settings, ...profile } = content.profile;
  const zip = new ZipFile();
  const add = (name: string, rows: AsyncIterable<string>) => zip.addReadStream(Readable.from(rows), name);
  add('profile.csv', csv(Object.keys(profile), one(profile)));
  add('settings.csv', csv(['setting', 'value'], flatten(settings)));
  for (const section of content.sections) {
    if (section.csv !== false) add(`${section.name}.csv`, csv(section.columns, section.rows()));
  }
  metrics().then(
    (sections) => {
      for (const section of sections) add(`${section.name}.csv`, csv(section.columns, section.rows()));
      zip.end();
    },
    (error: unknown) => (zip.outputStream as Readable).destroy(error as Error),
  );
  return zip.outputStream as Readable;
}

async function* csv(columns: string[], rows: AsyncIterable<ExportRow>): AsyncGenerator<string> {
  yield columns.map(cell).join(',') + '\r\n';
  for await (const row of rows) yield columns.map((c) => cell(row[c] ?? null)).join(',') + '\r\n';
}

/** RFC 4180 quoting; text starting like a formula is prefixed with ' so spreadsheets do not run it. */
export function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function* one(row: ExportRow): AsyncGenerator<ExportRow> {
  yield row;
}

async function* flatten(value: object, prefix = ''): AsyncGenerator<ExportRow> {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) yield* flatten(v as object, name);
    else
      yield {
        setting: name,
        value: Array.isArray(v) ? v.join(';') : (v as string | number | boolean | null),
      };
  }
}
