import { describe, expect, it } from 'vitest';
import { describeFitDamage, fitDamageSentence } from './fit-damage';
import type { FitDamage } from './fit-scan';

const KB = 1024;
const say = (damage: Omit<FitDamage, 'length'> & { length?: number }, readings: number) =>
  fitDamageSentence(describeFitDamage({ length: damage.byte ?? 0, ...damage }), readings);

describe('fitDamageSentence', () => {
  it('says where a cut file ends, against its size, and what was imported before', () => {
    expect(say({ kind: 'cut', byte: 7.2 * KB, size: 78.4 * KB }, 473)).toBe(
      'The file ends early, at 7 KB of 78 KB: the 473 readings before that were imported',
    );
    expect(say({ kind: 'cut', byte: 78.2 * KB, size: 78.4 * KB }, 1)).toBe(
      'The file ends early, at 78.2 KB of 78.4 KB: the one reading before that was imported',
    );
    expect(say({ kind: 'cut', byte: 13, size: 81 * KB }, 0)).toBe(
      'The file ends early, at 13 bytes of 81 KB: nothing before that held a reading',
    );
    expect(say({ kind: 'cut', byte: 2.5 * KB * KB, size: 6 * KB * KB }, 12_345)).toBe(
      'The file ends early, at 2.5 MB of 6.0 MB: the 12,345 readings before that were imported',
    );
  });

  it('has a plain sentence for a damaged record, a bad checksum, a bad header and bytes past the end', () => {
    expect(say({ kind: 'record', byte: 40 * KB, size: 81 * KB }, 20)).toBe(
      'The file is damaged at 40 KB of 81 KB: the 20 readings before that were imported',
    );
    expect(say({ kind: 'crc', byte: 81 * KB, size: 81 * KB }, 7)).toBe(
      "The file's checksum does not match its content, so part of it may be damaged: its 7 readings were imported, check them against the device",
    );
    expect(say({ kind: 'header', byte: 0, size: 81 * KB }, 0)).toBe(
      "The file's header is damaged, so where its data ends is not known: nothing of it was imported",
    );
    expect(say({ kind: 'trailing', byte: 81 * KB, size: 81 * KB, length: 83 * KB }, 60)).toBe(
      'The file goes on past its end with 2 KB that are not FIT data: the 60 readings before that were imported',
    );
  });
});
