import { parse } from 'csv-parse';
import type { ImportFile } from './types';

export interface CsvRow {
  /** Cells by header name, trimmed; the header's byte-order mark is dropped. */
  cells: Record<string, string>;
  /** 1-based line the row starts on. */
  line: number;
}

export interface CsvOptions {
  /** Lines before the header row (Dexcom Clarity puts the header first; LibreView has a title line). */
  skipLines?: number;
  delimiter?: string;
}

/** Streams a CSV file's rows under its header, with line numbers, never holding the file in memory. */
export async function* readCsv(file: ImportFile, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const parser = file.open().pipe(
    parse({
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim()),
      from_line: (options.skipLines ?? 0) + 1,
      delimiter: options.delimiter ?? ',',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }),
  );
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    yield { cells: record, line: info.lines };
  }
}

/** The header row of a CSV file's head, for detection. */
export function csvHeader(head: Buffer, skipLines = 0): string[] {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const line = text.split(/\r?\n/)[skipLines] ?? '';
  return line.split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
}
