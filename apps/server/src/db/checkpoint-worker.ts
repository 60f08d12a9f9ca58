/**
 * Copies a SQLite database's write-ahead log back into its file (a passive checkpoint) on a connection
 * of its own, so the thread that serves requests never waits on the copy and its fsyncs. It answers by
 * ending: with code 0 once the copy is done and its connection closed, with an error otherwise.
 */
import { workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file } = workerData as { file: string };
const db = new SQLite(file, { fileMustExist: true });
try {
  db.pragma('wal_checkpoint(PASSIVE)');
} finally {
  db.close();
}
