import { CrcCalculator } from '@garmin/fitsdk';
import { fileFromBuffer, ImportFormatError } from '@healthfolio/importers';
import { describe, expect, it } from 'vitest';
import {
  compressedActivityFit,
  developerDataFit,
} from '../../../../packages/importers/src/garmin-fit/fixtures/activity-variants';
import {
  activityFit,
  monitoringFit,
  sleepFit,
  weightFit,
} from '../../../../packages/importers/src/garmin-fit/fixtures/build-fit';
import { garminFitImporter } from '../../../../packages/importers/src/garmin-fit/index';
import { adaContext, collect, unaccounted } from '../../../../packages/importers/src/shared/test-support';
import { seededRandom } from '../../src/seed/random';

/**
 * FIT fuzzing (issue #24): 1,000 seeded mutations of valid FIT files written by the Garmin FIT SDK's own
 * encoder — bytes flipped, zeroed or set, slices cut, repeated or inserted, sizes lied about — each read
 * by the importer to the end: it ends in data (every reading accounted for) or in an ImportFormatError
 * that says what is wrong, within 1 s, never in a crash, a hang or another error. Half of the mutations
 * get their CRCs and data size recomputed, so they reach the decoder rather than stop at the checksum.
 */

const RUNS = 1000;
/** The seed of seededRandom (mulberry32), so a failure names the run that reproduces it. */
const SEED = 0x24_f17;

function mutate(source: Buffer, rand: () => number): { bytes: Buffer; how: string[] } {
  let bytes = Buffer.from(source);
  const how: string[] = [];
  const pick = (n: number) => Math.floor(rand() * n);
  const steps = 1 + pick(4);
  for (let s = 0; s < steps; s++) {
    const at = pick(bytes.length);
    switch (pick(7)) {
      case 0: {
        const n = 1 + pick(8);
        for (let i = 0; i < n; i++) {
          const k = pick(bytes.length);
          bytes[k] = bytes[k]! ^ (1 << pick(8));
        }
        how.push(`flip ${n} bits`);
        break;
      }
      case 1:
        bytes[at] = [0x00, 0xff, 0x7f, 0x80, 0x40, 0x0e][pick(6)]!;
        how.push(`set byte ${at}`);
        break;
      case 2:
        bytes = bytes.subarray(0, Math.max(1, at));
        how.push(`cut at ${at}`);
        break;
      case 3: {
        const len = 1 + pick(64);
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + len), bytes.subarray(at)]);
        how.push(`repeat ${len} at ${at}`);
        break;
      }
      case 4: {
        const len = 1 + pick(32);
        const noise = Buffer.from(Array.from({ length: len }, () => pick(256)));
        bytes = Buffer.concat([bytes.subarray(0, at), noise, bytes.subarray(at)]);
        how.push(`insert ${len} at ${at}`);
        break;
      }
      case 5: {
        const len = 1 + pick(64);
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + len)]);
        how.push(`remove ${len} at ${at}`);
        break;
      }
      default:
        // A record header: a definition, a compressed timestamp, or a developer-data flag where data was.
        bytes[at] = [0x40, 0x60, 0x80, 0x9f, 0x20][pick(5)]!;
        how.push(`header byte ${at}`);
    }
  }
  if (rand() < 0.5 && bytes.length >= 16) {
    const headerSize = bytes[0] === 14 || bytes[0] === 12 ? bytes[0] : 14;
    if (bytes.length > headerSize + 2) {
      bytes.writeUInt32LE(bytes.length - headerSize - 2, 4);
      if (headerSize === 14) bytes.writeUInt16LE(CrcCalculator.calculateCRC(bytes, 0, 12), 12);
      bytes.writeUInt16LE(CrcCalculator.calculateCRC(bytes, 0, bytes.length - 2), bytes.length - 2);
      how.push('sizes and CRCs made right');
    }
  }
  return { bytes, how };
}

describe('security suite: FIT fuzzing', () => {
  it(`${RUNS} seeded mutations of valid FIT files each end in data or a clear error within 1 s`, async () => {
    const seeds: [string, Buffer][] = [
      ['activity', activityFit()],
      ['monitoring', monitoringFit()],
      ['sleep', sleepFit()],
      ['weight', weightFit()],
      ['compressed timestamps', compressedActivityFit()],
      ['developer data', developerDataFit()],
    ];
    const rand = seededRandom(SEED);
    const outcomes = { data: 0, refused: 0 };
    let slowest = 0;
    for (let run = 0; run < RUNS; run++) {
      const [name, source] = seeds[run % seeds.length]!;
      const { bytes, how } = mutate(source, rand);
      const label = `run ${run} (${name}: ${how.join(', ')})`;
      const started = performance.now();
      const out = await collect(garminFitImporter, [fileFromBuffer('mutated.fit', bytes)], adaContext);
      const took = performance.now() - started;
      slowest = Math.max(slowest, took);
      expect(took, label).toBeLessThan(1000);
      if (out.error) {
        expect(out.error, `${label}: ${out.error.stack}`).toBeInstanceOf(ImportFormatError);
        expect(out.error.message.length, label).toBeGreaterThan(10);
        outcomes.refused++;
      } else {
        expect(unaccounted(out), label).toBe(0);
        outcomes.data++;
      }
    }
    console.log(
      `FIT fuzzing: ${RUNS} mutations, ${outcomes.data} read to data, ${outcomes.refused} refused with an ImportFormatError; slowest ${slowest.toFixed(0)} ms`,
    );
    // Both ends are exercised: the mutations are neither all fatal nor all harmless.
    expect(outcomes.data).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(50);
  }, 120_000);
});
