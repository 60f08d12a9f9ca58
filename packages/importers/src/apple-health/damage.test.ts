import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { unaccounted } from '../shared/test-support';
import { ImportFormatError } from '../types';
import { context, fixture, fixtureFile, readAll, utc } from './test-helpers';

const exportXml = fixture('export.xml');

/** The export cut at `at`, and what its part before `completeUpTo` gives when closed properly. */
async function cutAt(at: number, completeUpTo: number, chunkBytes = 64) {
  const cut = await readAll([fileFromBuffer('export.xml', exportXml.subarray(0, at), chunkBytes)]);
  const closed = Buffer.concat([exportXml.subarray(0, completeUpTo), Buffer.from('</HealthData>\n')]);
  const expected = await readAll([fileFromBuffer('export.xml', closed)]);
  expect(expected.error).toBeUndefined();
  expect(unaccounted(cut)).toBe(0);
  expect(unaccounted(expected)).toBe(0);
  return { cut, expected };
}

describe('apple-health read: bad records', () => {
  it('reports each bad record as an issue and reads on', async () => {
    const out = await readAll([fixtureFile('bad-rows.xml')]);
    const { samples, records, issues, error } = out;
    expect(error).toBeUndefined();
    expect(records).toBe(11);
    expect(out.skippedCount).toBe(0);
    expect(unaccounted(out)).toBe(0);
    expect(issues).toEqual([
      {
        file: 'bad-rows.xml',
        record: 1,
        message: expect.stringMatching(/HKQuantityTypeIdentifierHeartRate: value "sixty" is not a number/),
      },
      {
        file: 'bad-rows.xml',
        record: 2,
        message: expect.stringMatching(/startDate "2024-02-31 08:02:00 -0700" is not a date/),
      },
      {
        file: 'bad-rows.xml',
        record: 3,
        message: expect.stringMatching(
          /HKQuantityTypeIdentifierStepCount: startDate "yesterday" is not a date/,
        ),
      },
      { file: 'bad-rows.xml', record: 4, message: expect.stringMatching(/endDate is before startDate/) },
      {
        file: 'bad-rows.xml',
        record: 5,
        message: expect.stringMatching(/HKQuantityTypeIdentifierBodyMass: Unknown unit "furlongs"/),
      },
      { file: 'bad-rows.xml', record: 6, message: 'A Record has no type' },
      {
        file: 'bad-rows.xml',
        record: 9,
        message: expect.stringMatching(/Workout: startDate "someday" is not a date/),
      },
    ]);
    expect(samples.map((s) => [s.kind, s.start, s.value, s.utcOffsetMin])).toEqual([
      ['heart_rate', utc(2024, 3, 11, 15), 61, -420],
      ['blood_glucose', utc(2024, 3, 11, 13, 55), 95, -420],
      // No offset written: read in the user's zone (PDT in July).
      ['blood_glucose', utc(2024, 7, 1, 13, 55), 97, -420],
      ['heart_rate', utc(2024, 3, 11, 15, 9), 100, -420],
    ]);
  });
});

describe('apple-health read: damaged files', () => {
  it('yields every record before a cut inside a tag, then throws ImportFormatError with the byte offset', async () => {
    const tagAt = exportXml.indexOf('<Record type="HKQuantityTypeIdentifierOxygenSaturation"');
    for (const chunkBytes of [7, 64 * 1024]) {
      const { cut, expected } = await cutAt(tagAt + 40, tagAt, chunkBytes);
      expect(cut.samples).toEqual(expected.samples);
      expect(cut.samples.length).toBeGreaterThan(5);
      expect(cut.error).toBeInstanceOf(ImportFormatError);
      expect((cut.error as ImportFormatError).where).toEqual({ file: 'export.xml', byte: tagAt });
    }
  });

  it('drops a record whose children the cut interrupts', async () => {
    const recordAt = exportXml.indexOf('<Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN"');
    const childAt = exportXml.indexOf('<InstantaneousBeatsPerMinute', recordAt);
    const { cut, expected } = await cutAt(childAt + 10, recordAt);
    expect(cut.samples).toEqual(expected.samples);
    expect(cut.samples.some((s) => s.kind === 'heart_rate_variability')).toBe(false);
    expect((cut.error as ImportFormatError).message).toMatch(/inside a <Record>/);
    expect((cut.error as ImportFormatError).where?.byte).toBe(recordAt);
  });

  it('throws when the file ends without </HealthData>, after everything in it', async () => {
    const closeAt = exportXml.indexOf('</HealthData>');
    const { cut, expected } = await cutAt(closeAt, closeAt);
    expect(cut.samples).toEqual(expected.samples);
    expect(cut.samples).toHaveLength(47);
    expect((cut.error as ImportFormatError).message).toMatch(/before <\/HealthData>/);
    expect((cut.error as ImportFormatError).where?.byte).toBe(closeAt);
  });

  it('throws on a tag that is not well-formed, after the records before it', async () => {
    const xml =
      '<HealthData locale="en_US">\n' +
      ' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" unit="count/min" startDate="2024-03-11 08:00:00 -0700" endDate="2024-03-11 08:00:00 -0700" value="61"/>\n' +
      ' <Record type="HKQuantityTypeIdentifierHeartRate" value=62/>\n</HealthData>\n';
    const result = await readAll([fileFromBuffer('export.xml', xml)]);
    expect(result.samples.map((s) => s.value)).toEqual([61]);
    expect(unaccounted(result)).toBe(0);
    expect(result.error).toBeInstanceOf(ImportFormatError);
    expect((result.error as ImportFormatError).where?.byte).toBe(xml.lastIndexOf('<Record'));
  });
});

describe('apple-health read: entities and the DOCTYPE', () => {
  it('never resolves declared entities: &xxe; stays literal text', async () => {
    const out = await readAll([fixtureFile('xxe.xml')]);
    const { samples, error } = out;
    expect(error).toBeUndefined();
    expect(unaccounted(out)).toBe(0);
    expect(samples.map((s) => s.device)).toEqual(['&xxe;', "&name;'s Watch & Co ❤✓"]);
    expect(JSON.stringify(samples)).not.toMatch(/root:/);
  });

  it('reads past a billion-laughs DOCTYPE without expanding it', async () => {
    const before = process.memoryUsage().rss;
    const out = await readAll([fixtureFile('billion-laughs.xml', 16)]);
    const { samples, records, issues, error } = out;
    expect(error).toBeUndefined();
    expect(unaccounted(out)).toBe(0);
    // The commented-out Record is no record; the one whose value is an entity is an issue.
    expect(records).toBe(3);
    expect(samples.map((s) => [s.value, s.device])).toEqual([
      [700, '&lol9;'],
      [300, 'Ada’s iPhone'],
    ]);
    expect(issues).toEqual([
      expect.objectContaining({ record: 1, message: expect.stringMatching(/"&lol9;" is not a number/) }),
    ]);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('passes over a DOCTYPE far larger than any tag, keeping none of it', async () => {
    const declarations = Array.from(
      { length: 40_000 },
      (_, i) => `<!ENTITY e${i} "]> <Record x='${i}'/>">`,
    ).join('\n');
    const xml = Buffer.from(
      `<?xml version="1.0"?>\n<!DOCTYPE HealthData [\n<!-- it's "quoted" ] -->\n${declarations}\n]>\n<HealthData>\n` +
        ' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="P" unit="count" startDate="2024-03-11 08:00:00 -0700" endDate="2024-03-11 08:10:00 -0700" value="9"/>\n</HealthData>\n',
    );
    expect(xml.length).toBeGreaterThan(1024 * 1024);
    const result = await readAll([fileFromBuffer('export.xml', xml, 4096)], context);
    expect(result.error).toBeUndefined();
    expect(result.records).toBe(1);
    expect(result.samples.map((s) => s.value)).toEqual([9]);
    expect(unaccounted(result)).toBe(0);
  });
});
