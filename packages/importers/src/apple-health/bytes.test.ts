import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { unaccounted } from '../shared/test-support';
import { decodeAttribute, parseNumber } from './bytes';
import { DateReader } from './dates';
import { context, readAll, utc } from './test-helpers';

const bytes = (text: string) => Buffer.from(text);
const number = (text: string) => parseNumber(bytes(text), 0, Buffer.byteLength(text));

describe('apple-health bytes', () => {
  it('parses numbers exactly as Number() does', () => {
    for (const text of [
      '0',
      '61',
      '-3.5',
      '0.97',
      '98.6',
      '72.9456640232820',
      '0.000123',
      '+4',
      '12.',
      '.5',
    ]) {
      expect(number(text), text).toBe(Number(text));
    }
    expect(number('1234567890.123456789')).toBe(Number('1234567890.123456789'));
    expect(number('1e2')).toBe(100);
    for (const text of ['', 'sixty', '0x1A', 'Infinity', '1.2.3', '12abc', '-'])
      expect(number(text), text).toBeNaN();
  });

  it('decodes only predefined entities and character references', () => {
    const decode = (text: string) => decodeAttribute(bytes(text), 0, Buffer.byteLength(text));
    expect(decode('Ada’s Watch')).toBe('Ada’s Watch');
    expect(decode('a &amp; b &lt;&gt; &quot;&apos; &#65;&#x42;')).toBe('a & b <> "\' AB');
    expect(decode('&xxe; &#0; &#xD800; &amp')).toBe('&xxe; &#0; &#xD800; &amp');
  });

  it('reads export dates and refuses impossible ones', () => {
    const reader = new DateReader('America/Los_Angeles');
    const out = { ms: 0, offsetMin: 0 };
    const read = (text: string) => reader.read(bytes(text), 0, text.length, out);
    expect(read('2024-03-10 03:30:00 -0700')).toBe(true);
    expect(out).toEqual({ ms: utc(2024, 3, 10, 10, 30), offsetMin: -420 });
    expect(read('2023-09-14 10:00:00 +0200')).toBe(true);
    expect(out).toEqual({ ms: utc(2023, 9, 14, 8), offsetMin: 120 });
    expect(read('2024-12-31 23:59:59 +0545')).toBe(true);
    expect(out).toEqual({ ms: utc(2024, 12, 31, 18, 14, 59), offsetMin: 345 });
    for (const bad of [
      '2024-02-30 08:00:00 -0800',
      '2024-13-01 08:00:00 -0800',
      '2024-03-01 24:00:00 -0800',
      'soon',
    ]) {
      expect(read(bad), bad).toBe(false);
    }
  });
});

describe('apple-health read: markup details', () => {
  const record = (attrs: string) =>
    `<Record type="HKQuantityTypeIdentifierHeartRate" unit="count/min" startDate="2024-03-11 08:00:00 -0700" endDate="2024-03-11 08:00:00 -0700" ${attrs}/>`;

  it('reads single quotes, spaces around =, and a > inside a value', async () => {
    const xml = `<HealthData>\n ${record(`sourceName = 'A>B "C"'  value='70'`)}\n</HealthData>`;
    const out = await readAll([fileFromBuffer('export.xml', xml, 5)]);
    expect(out.error).toBeUndefined();
    expect(out.samples.map((s) => [s.device, s.value])).toEqual([['A>B "C"', 70]]);
    expect(unaccounted(out)).toBe(0);
  });

  it('ignores what follows </HealthData>', async () => {
    const xml = `<HealthData>${record('value="70"')}</HealthData>\n<Record type="x"`;
    const out = await readAll([fileFromBuffer('export.xml', xml)]);
    expect(out.error).toBeUndefined();
    expect(out.samples).toHaveLength(1);
    expect(unaccounted(out)).toBe(0);
  });

  it('stops when the import is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const xml = `<HealthData>${record('value="70"')}</HealthData>`;
    const result = await readAll([fileFromBuffer('export.xml', xml)], {
      ...context,
      signal: controller.signal,
    });
    expect(result.error).toBeUndefined();
    expect(result.samples).toEqual([]);
    expect(result.records).toBe(0);
    expect(unaccounted(result)).toBe(0);
  });
});
