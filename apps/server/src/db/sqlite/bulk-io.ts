import type { ReadArrays, SampleBulkIO } from '../bulk-io';
import type { Checkpoints } from './checkpoints';

/** SQLite's bulk sample I/O: array reads on the one connection inside a transaction, and WAL checkpoints held. */
export function sqliteBulkIO(readArrays: ReadArrays, checkpoints: Checkpoints): SampleBulkIO {
  return {
    arrays: (trx) => (trx.isTransaction ? readArrays : undefined),
    holdCheckpoints: () => checkpoints.acquire(),
    boundCheckpoints: () => checkpoints.bound(),
  };
}
