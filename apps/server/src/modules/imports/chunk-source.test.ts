import { describe, expect, it } from 'vitest';
import type { NewSample } from '../metrics';
import { inBatches, type BatchLimits, type SourcedChunk } from './chunk-source';

/** `chunks` chunks of `each` step samples, a minute apart. */
async function* steps(chunks: number, each: number): AsyncGenerator<SourcedChunk> {
  let minute = 0;
  for (let c = 0; c < chunks; c++) {
    const samples: NewSample[] = Array.from({ length: each }, () => ({
      kind: 'steps',
      value: 10,
      start: Date.UTC(2026, 0, 1) + minute++ * 60_000,
      utcOffsetMin: 0,
      source: 'apple_healthkit',
    }));
    yield { chunk: { samples, records: each }, bytesRead: (c + 1) * 1000 };
  }
}

const limits = (samples: number, skip = 0): BatchLimits => ({
  skip,
  samples,
  clinical: 2000,
  everyMs: 60_000,
});

async function batchSizes(chunks: AsyncIterable<SourcedChunk>, batchLimits: BatchLimits) {
  const sizes: number[] = [];
  for await (const batch of inBatches(chunks, batchLimits)) sizes.push(batch.count);
  return sizes;
}

describe('inBatches', () => {
  it('starts with a small batch, so the writer starts at once, and doubles it up to the batch size', async () => {
    // 50 000 samples in batches of 20 000.
    expect(await batchSizes(steps(50, 1000), limits(20_000))).toEqual([
      1250, 2500, 5000, 10_000, 20_000, 11_250,
    ]);
  });

  it('keeps batches below the first size at that size throughout', async () => {
    expect(await batchSizes(steps(3, 100), limits(120))).toEqual([120, 120, 60]);
  });

  it('passes over the samples a resumed import already wrote, then ramps up again', async () => {
    const sizes = await batchSizes(steps(50, 1000), limits(20_000, 30_000));
    expect(sizes).toEqual([1250, 2500, 5000, 10_000, 1250]);
    expect(sizes.reduce((a, b) => a + b)).toBe(20_000);
  });
});
