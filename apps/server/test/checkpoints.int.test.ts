import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Checkpoints, type CheckpointLimits } from '../src/db/sqlite/checkpoints';

/** SQLite's WAL checkpoints, held off while an import writes and done afterwards. */
describe('WAL checkpoints', () => {
  let dir: string;
  let file: string;
  let sqlite: SQLite.Database;
  const errors: unknown[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-checkpoints-'));
    file = path.join(dir, 'test.db');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.exec('create table rows (id integer primary key, body text not null)');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    errors.length = 0;
  });

  afterEach(() => {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const checkpoints = (limits: CheckpointLimits) =>
    new Checkpoints(sqlite, file, (error) => errors.push(error), limits);

  /** One transaction of `rows` rows of 1 KB. */
  const write = (rows: number) =>
    sqlite.transaction(() => {
      const insert = sqlite.prepare('insert into rows (body) values (?)');
      for (let i = 0; i < rows; i++) insert.run('x'.repeat(1000));
    })();
  const walBytes = () => fs.statSync(`${file}-wal`).size;
  /** Rows the database file holds without its WAL, as a copy of it alone shows. */
  const rowsInFile = () => {
    const copy = path.join(dir, `copy-${Math.random()}.db`);
    fs.copyFileSync(file, copy);
    const db = new SQLite(copy, { readonly: true });
    try {
      return (db.prepare('select count(*) as n from rows').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const autoCheckpoint = () => sqlite.pragma('wal_autocheckpoint', { simple: true });

  for (const [where, limits] of [
    ['on this thread', { walBytes: 1024 ** 3, inlineBelowBytes: 1024 ** 3 }],
    ['in a worker thread', { walBytes: 1024 ** 3, inlineBelowBytes: 0 }],
  ] as const) {
    it(`keeps held writes in the WAL, past SQLite's own threshold, and copies them back after (${where})`, async () => {
      const held = checkpoints(limits);
      await held.hold(async () => {
        expect(autoCheckpoint()).toBe(0);
        // ~6 000 pages of 4 KB: left to itself, SQLite would have copied the WAL back after 1 000.
        for (let i = 0; i < 6; i++) write(4000);
        expect(walBytes()).toBeGreaterThan(20 * 1024 * 1024);
        expect(rowsInFile()).toBe(0);
      });
      await held.idle();
      expect(errors).toEqual([]);
      expect(rowsInFile()).toBe(24_000);
      expect(autoCheckpoint()).toBe(1000);
    });
  }

  it('copies the WAL back between a holder’s transactions once it passes the limit, so it stays bounded', async () => {
    const limit = 2 * 1024 * 1024;
    sqlite.pragma(`journal_size_limit = ${limit}`);
    const held = checkpoints({ walBytes: limit, inlineBelowBytes: 0 });
    let largest = 0;
    await held.hold(async () => {
      for (let i = 0; i < 40; i++) {
        await held.bound();
        write(250);
        largest = Math.max(largest, walBytes());
      }
      // 40 × 250 KB went through a WAL that never held much more than the limit.
      expect(largest).toBeLessThan(limit + 512 * 1024);
      expect(rowsInFile()).toBeGreaterThan(0);
    });
    await held.idle();
    expect(errors).toEqual([]);
    expect(rowsInFile()).toBe(10_000);
  });

  it('reports a copy that fails, and turns SQLite’s own checkpoints back on all the same', async () => {
    // The worker cannot open this file: its copy fails.
    const held = new Checkpoints(sqlite, path.join(dir, 'missing.db'), (error) => errors.push(error), {
      walBytes: 1024 ** 3,
      inlineBelowBytes: 0,
    });
    await held.hold(async () => write(100));
    await held.idle();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'The checkpoint worker stopped (code 1)',
      cause: { code: 'SQLITE_CANTOPEN' },
    });
    expect(autoCheckpoint()).toBe(1000);
  });

  it('counts nested holders: the WAL is copied back when the last one ends', async () => {
    const held = checkpoints({ walBytes: 1024 ** 3, inlineBelowBytes: 1024 ** 3 });
    let release!: () => void;
    const outer = held.hold(() => new Promise<void>((resolve) => (release = resolve)));
    await held.hold(async () => write(3000));
    await held.idle();
    expect(autoCheckpoint()).toBe(0);
    expect(rowsInFile()).toBe(0);
    release();
    await outer;
    await held.idle();
    expect(rowsInFile()).toBe(3000);
    expect(autoCheckpoint()).toBe(1000);
  });
});
