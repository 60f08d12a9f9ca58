/**
 * Copies a SQLite database's write-ahead log back into its file (a passive checkpoint) on a connection
 * of its own, so the thread that serves requests never waits on the copy and its fsyncs. It answers by
 * ending: with code 0 once the copy is done and its connection closed, with an error otherwise.
 */
import { workerData } from 'node:worker_threads';
import { openSqliteFile } from './sqlite-file';

const { file, key } = workerData as { file: string; key?: string };
const db = openSqliteFile(file, { key, fileMustExist: true });
try {
  db.pragma('wal_checkpoint(PASSIVE)');
} finally {
  db.close();
}
