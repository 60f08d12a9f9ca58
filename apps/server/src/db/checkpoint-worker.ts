/**
 * Copies a SQLite database's write-ahead log back into its file (a passive checkpoint) on a connection
 * of its own, so the thread that serves requests never waits on the copy and its fsyncs. Answers the
 * checkpoint's counts, then ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointResult } from './checkpoints';

const { file } = workerData as { file: string };
const db = new SQLite(file, { fileMustExist: true });
try {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
  parentPort!.postMessage(result);
} finally {
  db.close();
}
