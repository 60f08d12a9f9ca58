import type { FitDamage } from './fit-scan';

/** A damaged FIT file's damage, with what it is in words ("the file ends early, at 7 KB of 78 KB"). */
export type DescribedFitDamage = FitDamage & { message: string };

/** The damage in words, lower-case first, without what was imported (which only the importer knows). */
export function describeFitDamage(damage: FitDamage): DescribedFitDamage {
  const byte = damage.byte ?? damage.length;
  const [at, of] = sizes(byte, damage.size);
  const where = `at ${at} of ${of}`;
  const message = {
    cut: `the file ends early, ${where}`,
    record: `the file is damaged ${where}`,
    decoder: `the file holds a message that cannot be decoded${damage.byte === undefined ? '' : `, ${where}`}`,
    trailing: `the file goes on past its end with ${sizes(damage.length - byte, damage.length)[0]} that are not FIT data`,
    crc: `the file's checksum does not match its content, so part of it may be damaged`,
    header: `the file's header is damaged, so where its data ends is not known`,
  }[damage.kind];
  return { ...damage, message };
}

/**
 * The sentence a person reads when a FIT file is damaged: what happened and what of the file was kept,
 * `readings` being what the importer took from it before the damage.
 * "The file ends early, at 7 KB of 78 KB: the 473 readings before that were imported".
 */
export function fitDamageSentence(damage: DescribedFitDamage, readings: number): string {
  const text = `${damage.message[0]!.toUpperCase()}${damage.message.slice(1)}`;
  const n = readings.toLocaleString('en-US');
  // A chained file's later header: the files before it were read.
  if (damage.kind === 'header' && !damage.byte) return `${text}: nothing of it was imported`;
  if (damage.kind === 'crc') {
    if (readings === 0) return `${text}: nothing in it was imported`;
    return `${text}: ${readings === 1 ? 'its one reading was' : `its ${n} readings were`} imported, check them against the device`;
  }
  if (readings === 0) return `${text}: nothing before that held a reading`;
  return `${text}: ${readings === 1 ? 'the one reading before that was' : `the ${n} readings before that were`} imported`;
}

const UNITS = [
  { unit: 'MB', bytes: 1024 * 1024, digits: [1, 2] },
  { unit: 'KB', bytes: 1024, digits: [0, 1] },
] as const;

const inBytes = (v: number) => `${v.toLocaleString('en-US')} ${v === 1 ? 'byte' : 'bytes'}`;

/**
 * Two sizes in words ("7 KB", "78 KB"), in the unit of the larger and as coarse as keeps them apart
 * (whole KB or MB to a tenth, then one more digit, then bytes); a size under one unit is in bytes.
 */
function sizes(a: number, b: number): [string, string] {
  const large = Math.max(a, b);
  for (const { unit, bytes, digits } of UNITS) {
    if (large < bytes) continue;
    const say = (v: number, d: number) => (v < bytes ? inBytes(v) : `${(v / bytes).toFixed(d)} ${unit}`);
    for (const d of digits) {
      const [x, y] = [say(a, d), say(b, d)];
      if (x !== y || a === b) return [x, y];
    }
  }
  return [inBytes(a), inBytes(b)];
}
