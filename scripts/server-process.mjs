// The server process as `npm start` runs it — the bundle, its node flags and its environment — shared
// with the browser tests and the benchmarks, which then drive and measure that same process.

/** The server's entry in the bundle (scripts/build-server.mjs), run with plain node. */
export const serverEntry = 'apps/server/dist/main.mjs';

/** @param {Record<string, string | undefined>} env */
export function serverProcess(env = process.env) {
  return {
    // A bounded heap and a small young generation keep the server's resident memory under 300 MB through
    // a multi-GB import (measured by `npm run bench`). Under a limit this small V8 lets the heap grow only
    // a little (~1.3×) past what a full collection leaves, so an import's steady garbage brought full
    // collections back to back (every ~70 ms while an upload arrived); letting it double cut the server's
    // CPU time for a 1 M-Record import by a fifth (13.6 → 10.3 s) for ~30 MB more at its peak.
    nodeArgs: [
      `--max-old-space-size=${env.SERVER_HEAP_MB ?? '256'}`,
      '--max-semi-space-size=4',
      '--heap-growing-percent=100',
    ],
    // glibc keeps a freed block under its mmap threshold in its heap for reuse, and that threshold grows
    // toward 32 MB as mapped blocks are freed. An import's batch arrays (≥ 160 KB) then fragment a heap
    // that never shrinks; mapped instead, they return to the system when freed: a 1 M-Record import
    // peaked 13–24 MB lower at no cost in time. From 64 KB on the upload's socket buffers are mapped too:
    // V8 frees them only at a collection, tens of MB at a time, and in the heap they left it 30–40 MB
    // larger for the whole import (1 M Records, five alternating rounds: peak 303 → 288 MB median, 315 →
    // 293 MB highest) for an upload ~0.15 s slower (1.74 → 1.88 s median of eight, +0.2 s of CPU).
    // glibc may give each thread that allocates an arena of its own (up to 8 per core), each keeping its
    // freed memory apart; an import runs a parsing worker, a checkpoint worker and libuv's pool. Two arenas:
    // a 1 M-Record import's peak 288–302 MB, median 293, over eleven rounds, against 290–316 MB, median 298,
    // over eight without (alternating, one sitting); its time no worse (medians 8.96 s and 9.16 s).
    env: { MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_ARENA_MAX: '2', ...env },
  };
}
