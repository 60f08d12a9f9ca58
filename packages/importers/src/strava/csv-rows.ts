import { parse } from 'csv-parse';
import type { ImportFile } from '../types';

/**
 * Streams a CSV file as rows of cells with their line, the header row first. Rows parsed before a
 * syntax error are handed out before the error is thrown (async iteration of the parser would drop
 * them), and the parser is paused while the reader falls behind.
 */
export async function* csvRows(file: ImportFile): AsyncGenerator<{ row: string[]; line: number }> {
  const source = file.open();
  const parser = source.pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }),
  );
  source.on('error', (error) => parser.destroy(error));
  const queue: { row: string[]; line: number }[] = [];
  let failure: Error | undefined;
  let done = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('data', ({ record, info }: { record: string[]; info: { lines: number } }) => {
    queue.push({ row: record, line: info.lines });
    if (queue.length >= 1000) parser.pause();
    notify();
  });
  parser.on('error', (error: Error) => {
    failure = error;
    done = true;
    notify();
  });
  parser.on('end', () => {
    done = true;
    notify();
  });
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (done) break;
      parser.resume();
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (failure) throw failure;
}

/**
 * Column positions by name. Strava writes some names twice: the first "Elapsed Time" and "Distance"
 * are summary values in the athlete's display units (Distance in km or mi), the later ones are raw
 * seconds and metres. So every name keeps all its positions, in order.
 */
export class Columns {
  private readonly positions = new Map<string, number[]>();
  constructor(header: string[]) {
    header.forEach((name, i) => {
      const key = name.replace(/^\uFEFF/, '').trim();
      this.positions.set(key, [...(this.positions.get(key) ?? []), i]);
    });
  }
  /** The cells of every column of that name, first first. */
  all(row: string[], name: string): string[] {
    return (this.positions.get(name) ?? []).map((i) => (row[i] ?? '').trim());
  }
  first(row: string[], name: string): string {
    return this.all(row, name)[0] ?? '';
  }
}

/** "1,234.5" (quoted in the CSV) or "1234.5"; undefined for blanks and text. */
export function number(text: string): number | undefined {
  const t = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
