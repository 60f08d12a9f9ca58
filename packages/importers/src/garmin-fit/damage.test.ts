import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportFile } from '../types';
import { activityFit, sleepFit, weightFit } from './fixtures/build-fit';
import { longRideFit } from './fixtures/activity-variants';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { MAX_FIT_BYTES } from '../shared/fit-decode';
import { garminFitImporter } from './index';

const read = (...files: ImportFile[]) => collect(garminFitImporter.read(files, adaContext));
const where = (error: Error | undefined) => (error as ImportFormatError).where;

/** The long ride's records: one definition (local type 2, record), then 23 bytes a second. */
const ride = longRideFit();
const firstRecord = ride.indexOf(Buffer.from([0x42, 0, 0, 20, 0])) + 6 + 8 * 3;
const recordAt = (second: number) => firstRecord + 23 * second;

describe('garmin-fit cut files', () => {
  it('keeps the readings before the cut, then says where the file ends and how much was imported', async () => {
    // A transfer that stopped after 7.1 KB of the 81 KB ride: the first 5 min 10 s of records.
    const out = await read(fileFromBuffer('ride.fit', ride.subarray(0, 7 * 1024 + 100)));
    expect(ofKind(out.samples, 'heart_rate').map((s) => s.value)).toEqual([110, 111, 112, 113, 114, 115]);
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect(out.error?.message).toBe(
      'The file ends early, at 7 KB of 81 KB: the 6 readings before that were imported',
    );
    expect(where(out.error)).toEqual({ file: 'ride.fit', byte: 7 * 1024 + 100 });
    expect(unaccounted(out)).toBe(0);
  });

  it('keeps the records before a cut inside the session message', async () => {
    const whole = activityFit();
    const out = await read(fileFromBuffer('cut.fit', whole.subarray(0, whole.length - 60)));
    expect(ofKind(out.samples, 'heart_rate')).toHaveLength(3);
    expect(ofKind(out.samples, 'workout')).toHaveLength(0);
    expect(out.error?.message).toMatch(
      /^The file ends early, at \d+ bytes of \d+ bytes: the 3 readings before that were imported$/,
    );
  });

  it('says so when nothing came before the cut', async () => {
    const out = await read(fileFromBuffer('stub.fit', ride.subarray(0, 13)));
    expect(out.samples).toEqual([]);
    expect(out.error?.message).toBe(
      'The file ends early, at 13 bytes of 81 KB: nothing before that held a reading',
    );
  });
});

describe('garmin-fit damaged files', () => {
  it('stops at a record that does not follow the rules, keeping the half hour before it', async () => {
    const bytes = Buffer.from(ride);
    bytes[recordAt(1800)] = 0x0f; // a data message of a local type never defined
    const out = await read(fileFromBuffer('ride.fit', bytes));
    expect(ofKind(out.samples, 'heart_rate')).toHaveLength(30);
    expect(out.error?.message).toBe(
      'The file is damaged at 41 KB of 81 KB: the 30 readings before that were imported',
    );
    expect(where(out.error)?.byte).toBe(recordAt(1800));
    expect(unaccounted(out)).toBe(0);
  });

  it('imports a file whose checksum does not match, and says to check it', async () => {
    const bytes = Buffer.from(weightFit());
    bytes[bytes.length - 1]! ^= 0xff;
    const out = await read(fileFromBuffer('crc.fit', bytes));
    expect(out.samples.map((s) => s.kind)).toContain('weight');
    expect(out.error).toBeInstanceOf(ImportFormatError);
    expect(out.error?.message).toBe(
      "The file's checksum does not match its content, so part of it may be damaged: its 7 readings were imported, check them against the device",
    );
    expect(unaccounted(out)).toBe(0);
  });

  it('reads the good files of a zip, then stops at one whose header is damaged', async () => {
    const bad = Buffer.from(activityFit());
    bad.writeUInt32LE(bad.readUInt32LE(4) + 400, 4); // the header's data size, no longer its CRC's
    const out = await read(
      fileFromBuffer('export/weight.fit', weightFit()),
      fileFromBuffer('export/bad.fit', bad),
    );
    expect(ofKind(out.samples, 'weight')).toHaveLength(1);
    expect(ofKind(out.samples, 'heart_rate')).toHaveLength(0);
    expect(out.error?.message).toBe(
      "The file's header is damaged, so where its data ends is not known: nothing of it was imported",
    );
    expect(where(out.error)).toEqual({ file: 'export/bad.fit', byte: 0 });
  });

  it('refuses a file past the size cap without reading it', async () => {
    const head = activityFit().subarray(0, 14);
    const huge: ImportFile = {
      name: 'huge.fit',
      size: MAX_FIT_BYTES + 1,
      head: async () => head,
      open: () => {
        throw new Error('must not be opened');
      },
    };
    const { error, samples } = await read(huge);
    expect(samples).toHaveLength(0);
    expect(error).toBeInstanceOf(ImportFormatError);
  });
});

describe('garmin-fit chained and padded files', () => {
  it('reads every FIT file of a chained file (one after the other in the same bytes)', async () => {
    const out = await read(fileFromBuffer('chained.fit', Buffer.concat([weightFit(), sleepFit()])));
    expect(out.error).toBeUndefined();
    expect(ofKind(out.samples, 'weight')).toHaveLength(1);
    expect(ofKind(out.samples, 'sleep_duration')).toHaveLength(4);
    expect(unaccounted(out)).toBe(0);
  });

  it('keeps the files before a chained file whose header is damaged', async () => {
    const second = Buffer.from(sleepFit());
    second[4]! ^= 0x01; // its data size, no longer its header CRC's
    const out = await read(fileFromBuffer('chained.fit', Buffer.concat([weightFit(), second])));
    expect(ofKind(out.samples, 'weight')).toHaveLength(1);
    expect(ofKind(out.samples, 'sleep_duration')).toHaveLength(0);
    expect(out.error?.message).toBe(
      "The file's header is damaged, so where its data ends is not known: the 7 readings before that were imported",
    );
  });

  it('ignores zeros after the end, but not other bytes', async () => {
    const padded = await read(fileFromBuffer('padded.fit', Buffer.concat([weightFit(), Buffer.alloc(512)])));
    expect(padded.error).toBeUndefined();
    const junk = await read(
      fileFromBuffer('junk.fit', Buffer.concat([weightFit(), Buffer.from('garbage!')])),
    );
    expect(ofKind(junk.samples, 'weight')).toHaveLength(1);
    expect(junk.error?.message).toBe(
      'The file goes on past its end with 8 bytes that are not FIT data: the 7 readings before that were imported',
    );
  });
});
