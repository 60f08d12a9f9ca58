import { parse, type Options } from 'csv-parse';
import { ImportFormatError, type ImportFile } from '../types';
import { safeObjects } from './safe-stream';

/** A row read by header: its cells by column name, with its line. */
export interface CsvRow {
  /** Cells by header name, trimmed; the header's byte-order mark is dropped. */
  cells: Record<string, string>;
  /** 1-based line the row ends on. */
  line: number;
}

/** A row read by position: its cells in column order, with its line. */
export interface CsvCells {
  /** Cells in column order, as written (not trimmed). */
  row: string[];
  /** 1-based line the row ends on. */
  line: number;
}

/** How to read a CSV file. */
export interface CsvOptions {
  /** Lines before the header row (Dexcom Clarity puts the header first; LibreView has a title line). */
  skipLines?: number;
  /** The cell separator; "," unless told. */
  delimiter?: string;
  /**
   * What a damaged file (an unclosed quote where a download was cut off) throws, once every row before
   * the damage was yielded: the parser's own error (callers that name the damage themselves), or, when
   * set, an ImportFormatError saying the file and the line after the last row read.
   */
  formatError?: boolean;
}

type Parsed<T> = { record: T; info: { lines: number } };

/**
 * The parser's records of `file` with their line. The parser is never paused (the file is, instead), so
 * every record made before the damage reaches the reader before the error does: iterating a piped
 * parser would lose the records still buffered when it fails.
 */
async function* records<T>(
  file: ImportFile,
  options: CsvOptions,
  parserOptions: Options,
): AsyncGenerator<{ record: T; line: number }> {
  const parser = parse({
    bom: true,
    from_line: (options.skipLines ?? 0) + 1,
    delimiter: options.delimiter ?? ',',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    ...parserOptions,
  });
  let line = options.skipLines ?? 0;
  for await (const parsed of safeObjects<Parsed<T>>(file.open(), parser)) {
    if ('failure' in parsed) {
      if (!options.formatError) throw parsed.failure;
      throw new ImportFormatError(
        `${file.name} cannot be read past line ${line}: ${parsed.failure.message}`,
        { file: file.name, line: line + 1 },
      );
    }
    line = parsed.item.info.lines;
    yield { record: parsed.item.record, line };
  }
}

/**
 * Streams a CSV file's rows under its header, with line numbers, never holding the file in memory.
 * Cells and header names are trimmed; where a name is written twice the later column wins (read such
 * files with `readCsvCells` and `Columns`). A damaged file yields every row before the damage, then
 * throws (see `CsvOptions.formatError`).
 */
export async function* readCsv(file: ImportFile, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const byHeader = records<Record<string, string>>(file, options, {
    columns: (header: string[]) => header.map((h) => h.trim()),
    trim: true,
  });
  for await (const { record, line } of byHeader) yield { cells: record, line };
}

/**
 * Streams a CSV file as rows of cells by position, the header row first, for files that write a column
 * name twice (see `Columns`). Cells are as written, untrimmed. A damaged file yields every row before
 * the damage, then throws (see `CsvOptions.formatError`).
 */
export async function* readCsvCells(file: ImportFile, options: CsvOptions = {}): AsyncGenerator<CsvCells> {
  for await (const { record, line } of records<string[]>(file, options, {})) yield { row: record, line };
}

/**
 * Column positions by name, for rows read with `readCsvCells`. Strava writes some names twice: the first
 * "Elapsed Time" and "Distance" are summary values in the athlete's display units (Distance in km or
 * mi), the later ones are raw seconds and metres. So every name keeps all its positions, in order.
 */
export class Columns {
  private readonly positions = new Map<string, number[]>();

  /** Reads the names of a header row (trimmed, byte-order mark dropped). */
  constructor(header: readonly string[]) {
    header.forEach((name, i) => {
      const key = name.replace(/^\uFEFF/, '').trim();
      this.positions.set(key, [...(this.positions.get(key) ?? []), i]);
    });
  }

  /** The cells of every column of that name, first first, trimmed. */
  all(row: readonly string[], name: string): string[] {
    return (this.positions.get(name) ?? []).map((i) => (row[i] ?? '').trim());
  }

  /** The cell of the first column of that name, trimmed; "" when there is none. */
  first(row: readonly string[], name: string): string {
    return this.all(row, name)[0] ?? '';
  }
}

/** The header row of a CSV file's head, for detection. */
export function csvHeader(head: Buffer, skipLines = 0): string[] {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const line = text.split(/\r?\n/)[skipLines] ?? '';
  return line.split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
}
