import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getImporter, isReviewImporter } from '@healthfolio/importers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChunkSourceInput } from '../../src/modules/imports/chunk-source';
import { ParsingWorkers, readInWorker } from '../../src/modules/imports/worker-source';
import { clarityCsv } from './helpers';

/** Parsing workers started while an upload arrives, taken by the import that follows. */
describe('parsing workers', () => {
  let dir: string;
  let input: ChunkSourceInput;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-workers-'));
    const file = path.join(dir, 'clarity.csv');
    fs.writeFileSync(file, clarityCsv(300));
    const importer = getImporter('dexcom-clarity');
    if (!importer || isReviewImporter(importer)) throw new Error('no streaming Clarity importer');
    input = {
      importer,
      path: file,
      fileName: 'clarity.csv',
      size: fs.statSync(file).size,
      context: { owner: { name: 'Ada Lovelace', email: 'ada@example.com' }, timeZone: 'UTC' },
    };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const limits = { skip: 0, samples: 100, clinical: 100, everyMs: 60_000 };

  it('hands the worker warmed during the upload to the import, which reads the file whole with it', async () => {
    const workers = new ParsingWorkers();
    workers.warm();
    workers.warm();
    expect(workers.waiting).toBe(true);
    const counts: number[] = [];
    for await (const batch of readInWorker(input, limits, workers)) counts.push(batch.count);
    expect(workers.waiting).toBe(false);
    expect(counts).toEqual([100, 100, 100, 0]);
  });

  it('starts a worker of its own when none is waiting', async () => {
    const workers = new ParsingWorkers();
    let samples = 0;
    for await (const batch of readInWorker(input, limits, workers)) samples += batch.count;
    expect(samples).toBe(300);
  });

  it('stops a warmed worker no import took, after a while or at shutdown', async () => {
    const expiring = new ParsingWorkers(100);
    expiring.warm();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(expiring.waiting).toBe(false);

    const closing = new ParsingWorkers();
    closing.warm();
    await closing.stopSpare();
    expect(closing.waiting).toBe(false);
  });
});
