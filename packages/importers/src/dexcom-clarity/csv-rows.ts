import { parse } from 'csv-parse';
import type { CsvOptions, CsvRow } from '../csv';
import { ImportFormatError, type ImportFile } from '../types';
import { safeObjects } from './safe-stream';

type Parsed = { record: Record<string, string>; info: { lines: number } };

/**
 * Streams a CSV file's rows under its header, like `readCsv`, but a damaged file (an unclosed quote
 * where a download was cut off) first yields every row parsed before the damage, then throws an
 * ImportFormatError saying where.
 */
export async function* csvRows(file: ImportFile, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim()),
    from_line: (options.skipLines ?? 0) + 1,
    delimiter: options.delimiter ?? ',',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  });
  let line = options.skipLines ?? 0;
  for await (const parsed of safeObjects<Parsed>(file.open(), parser)) {
    if ('failure' in parsed) {
      throw new ImportFormatError(
        `${file.name} cannot be read past line ${line}: ${parsed.failure.message}`,
        {
          file: file.name,
          line: line + 1,
        },
      );
    }
    line = parsed.item.info.lines;
    yield { cells: parsed.item.record, line };
  }
}
