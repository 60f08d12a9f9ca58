/**
 * The longest a bulk write (an import's batch, its rollups and merges) runs on the event loop before it
 * lets other requests in. SQLite runs synchronously, so without these pauses a 20 000-sample batch, or
 * the merge of a kind's held days, kept every other request waiting until it committed (up to 3 s during
 * a 600 k-Record import). Reads meanwhile run on a connection of their own (sqlite/sqlite-driver.ts).
 */
export const SLICE_MS = 20;

let sliceStarted = performance.now();

/**
 * Called between the statements of a bulk write: once it has run SLICE_MS since it last paused, it
 * pauses for one turn of the event loop (setImmediate: requests that arrived meanwhile are read and
 * answered, timers run), then goes on. Cheap otherwise: a clock read.
 */
export async function letOthersIn(): Promise<void> {
  if (performance.now() - sliceStarted < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStarted = performance.now();
}
