import type { Kysely } from 'kysely';
import { BinaryCopyWriter, copyNew, type CopyIn } from '../../../db/postgres/pg-copy';
import type { Database } from '../../../db/schema';
import type { RollupValues } from '../rollups.repository';
import { UPSERT_COLUMNS } from './rollup-writes';

/**
 * PostgreSQL: writes by COPY stream rows of the user numbered `owner` that no stored row shares a key with
 * (an import's new stream days: `copyNewRows`' streams), under `copyNew`'s savepoint; answers false,
 * having written nothing, when the rows must go by the upsert instead (a connection pooler, or a key
 * stored after all). A 1 M-Record import's ~50 000 such rows took 0.7–0.85 s as upserts: `unnest`
 * parsing ten arrays of text, a conflict check per row and an owner check for each of insert and update.
 */
export function copyNewRollups(
  trx: Kysely<Database>,
  copyIn: CopyIn,
  owner: number,
  rows: readonly RollupValues[],
): Promise<boolean> {
  return copyNew(trx, copyIn, STATEMENT, rollupTuples(owner, rows));
}

const STATEMENT = `copy daily_rollups (${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}) from stdin with (format binary)`;

/** Rollup rows in COPY's binary format, in UPSERT_COLUMNS' order. */
function* rollupTuples(owner: number, rows: readonly RollupValues[]): Generator<Buffer> {
  const encoded = new Map<string, Buffer>();
  const bytes = (text: string) => {
    let b = encoded.get(text);
    if (!b) encoded.set(text, (b = Buffer.from(text, 'utf8')));
    return b;
  };
  const copy = new BinaryCopyWriter(UPSERT_COLUMNS.length);
  const float8 = (value: number | null) => (value === null ? copy.null() : copy.float8(value));
  for (const r of rows) {
    const kind = bytes(r.kind);
    const source = bytes(r.source);
    const device = bytes(r.device);
    const full = copy.tuple(kind.length + source.length + device.length);
    if (full) yield full;
    copy.int4(owner);
    copy.text(kind);
    copy.int4(r.local_day);
    copy.text(source);
    copy.text(device);
    copy.int4(r.count);
    copy.float8(r.sum);
    float8(r.min);
    float8(r.max);
    float8(r.last_value);
    if (r.last_at === null) copy.null();
    else copy.int8(r.last_at);
  }
  yield copy.end();
}
