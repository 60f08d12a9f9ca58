import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportFile } from '../types';
import { activityFit, weightFit } from './fixtures/build-fit';
import { adaContext, collect, ofKind } from '../shared/test-support';
import { MAX_FIT_BYTES } from '../shared/fit-decode';
import { garminFitImporter } from './index';

const read = (...files: ImportFile[]) => collect(garminFitImporter.read(files, adaContext));

describe('garmin-fit damaged files', () => {
  it('keeps the records before a cut, then throws ImportFormatError with the byte', async () => {
    const whole = activityFit();
    // Cut inside the session message: the records are decoded, the session and activity are not.
    const { samples, error } = await read(fileFromBuffer('cut.fit', whole.subarray(0, whole.length - 60)));
    expect(ofKind(samples, 'heart_rate')).toHaveLength(3);
    expect(ofKind(samples, 'workout')).toHaveLength(0);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where).toMatchObject({ file: 'cut.fit' });
    expect((error as ImportFormatError).where?.byte).toBeGreaterThan(0);
  });

  it('throws on a bad CRC after yielding what decoded', async () => {
    const bytes = Buffer.from(weightFit());
    bytes[bytes.length - 1]! ^= 0xff;
    const { samples, error } = await read(fileFromBuffer('crc.fit', bytes));
    expect(samples.map((s) => s.kind)).toContain('weight');
    expect(error).toBeInstanceOf(ImportFormatError);
    expect(error?.message).toBe(
      "The file's checksum does not match its content, so part of it may be damaged: its 7 readings were imported, check them against the device",
    );
  });

  it('reads the good files of a zip before the damaged one', async () => {
    const bad = Buffer.from(activityFit());
    bad.writeUInt32LE(bad.readUInt32LE(4) + 400, 4); // header claims more data than there is
    const { samples, error } = await read(
      fileFromBuffer('export/weight.fit', weightFit()),
      fileFromBuffer('export/bad.fit', bad),
    );
    expect(ofKind(samples, 'weight')).toHaveLength(1);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where?.file).toBe('export/bad.fit');
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
