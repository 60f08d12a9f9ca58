import { getConverter, getMetric, isPlausible } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { unaccounted } from '../shared/test-support';
import { UNKNOWN_ELEMENT } from './skip-reasons';
import { fixture, fixtureFile, readAll, skippedCounts, utc } from './test-helpers';

const Q = 'HKQuantityTypeIdentifier';
const WATCH = 'Ada’s Apple Watch';
const PHONE = 'Ada’s iPhone';

describe('apple-health variants: what every fixture hands on', () => {
  it('converts to each kind’s own unit and lies in its plausible range', async () => {
    const names = [
      'export.xml',
      'export-ios8.xml',
      'export-v3-ios9.xml',
      'export-v12-ios16.xml',
      'export-v14-ios18.xml',
    ];
    for (const name of names) {
      const out = await readAll([fixtureFile(name)]);
      expect(unaccounted(out), name).toBe(0);
      for (const s of out.samples) {
        const metric = getMetric(s.kind)!;
        const canonical = getConverter(s.unit!, metric.unit!, s.kind)(s.value);
        expect(isPlausible(s.kind, canonical), `${name}: ${s.kind} ${s.value} ${s.unit}`).toBe(true);
      }
    }
  });
});

describe('apple-health variants: the headers of every export version', () => {
  const body = [
    ` <Record type="${Q}StepCount" sourceName="${PHONE}" unit="count" startDate="2024-03-11 08:00:00 -0700" endDate="2024-03-11 08:05:00 -0700" value="420"/>`,
    ` <Record type="${Q}HeartRate" sourceName="${WATCH}" unit="count/min" startDate="2024-03-11 08:01:00 -0700" endDate="2024-03-11 08:01:00 -0700" value="64"/>`,
    ` <ActivitySummary dateComponents="2024-03-11" activeEnergyBurned="431" activeEnergyBurnedUnit="Cal"/>`,
    '</HealthData>\n',
  ].join('\n');
  const head = (name: string) => {
    const text = fixture(name).toString('utf8');
    return text.slice(0, text.indexOf('<HealthData'));
  };
  const healthData = '<HealthData locale="en_US">\n <ExportDate value="2024-03-12 09:00:00 -0700"/>\n';
  const dtd = (version: number, list: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: ${version} -->\n` +
    `<!ELEMENT HealthData (ExportDate,Me,(${list})*)>\n<!ATTLIST HealthData\n  locale CDATA #REQUIRED\n>\n]>\n`;
  const heads: Record<string, string> = {
    'no prolog, no ExportDate, no Me': '<HealthData>\n',
    'iOS 8: no DOCTYPE, a compact ExportDate': `<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n <ExportDate value="20150621101500-0700"/>\n`,
    'Version 3 (iOS 9)': head('export-v3-ios9.xml') + healthData,
    'Version 11 (iOS 14)': dtd(11, 'Record|Correlation|Workout|ActivitySummary|ClinicalRecord') + healthData,
    'Version 12 (iOS 16), its DTD broken': head('export-v12-ios16.xml') + healthData,
    'Version 13 (iOS 17)':
      dtd(13, 'Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription') +
      healthData,
    'Version 14 (iOS 18)': head('export.xml') + healthData,
  };

  for (const [name, text] of Object.entries(heads)) {
    it(`reads the same readings after: ${name}`, async () => {
      const out = await readAll([fileFromBuffer('export.xml', text + body, 64)]);
      expect(out.error).toBeUndefined();
      expect(out.samples.map((s) => [s.kind, s.start, s.value])).toEqual([
        ['steps', utc(2024, 3, 11, 15), 420],
        ['heart_rate', utc(2024, 3, 11, 15, 1), 64],
      ]);
      expect(skippedCounts(out)).toEqual({ ActivitySummary: 1 });
      expect(unaccounted(out)).toBe(0);
    });
  }
});

describe('apple-health variants: elements of a later export', () => {
  it('counts an element it does not know as a skipped reading under its name', async () => {
    const xml = [
      '<HealthData locale="en_US">',
      ` <Record type="${Q}HeartRate" sourceName="W" unit="count/min" startDate="2025-06-01 08:00:00 -0700" endDate="2025-06-01 08:00:00 -0700" value="61"/>`,
      ' <StateOfMind kind="HKStateOfMindKindMomentaryEmotion" valence="0.4" startDate="2025-06-01 09:00:00 -0700">',
      '  <Label value="HKStateOfMindLabelCalm"/>',
      ' </StateOfMind>',
      '</HealthData>',
    ].join('\n');
    const out = await readAll([fileFromBuffer('export.xml', xml)]);
    expect(out.samples.map((s) => s.value)).toEqual([61]);
    expect(skippedCounts(out)).toEqual({ StateOfMind: 1, Label: 1 });
    expect(out.skipped.get('StateOfMind')?.reason).toBe(UNKNOWN_ELEMENT);
    expect(unaccounted(out)).toBe(0);
  });

  it('names at most a few hundred unknown elements and counts the rest together', async () => {
    const junk = Array.from({ length: 300 }, (_, i) => `<E${i}/>`).join('');
    const out = await readAll([fileFromBuffer('export.xml', `<HealthData>${junk}</HealthData>`)]);
    expect(out.records).toBe(300);
    expect(out.skipped.size).toBeLessThanOrEqual(201);
    expect(out.skipped.get('other elements')?.count).toBeGreaterThan(90);
    expect(unaccounted(out)).toBe(0);
  });
});

describe('apple-health variants: locales', () => {
  it('reads a decimal comma as the decimal point, and refuses what is still no number', async () => {
    // Apple's export is not documented to write one; values re-saved by a spreadsheet in a comma locale are.
    const record = (type: string, unit: string, value: string) =>
      ` <Record type="${Q}${type}" sourceName="Waage" unit="${unit}" startDate="2024-03-11 07:30:00 +0100" endDate="2024-03-11 07:30:00 +0100" value="${value}"/>`;
    const xml = [
      '<HealthData locale="de_DE">',
      record('BodyMass', 'kg', '72,5'),
      record('BodyFatPercentage', '%', '0,241'),
      record('BodyMass', 'kg', '1,2,3'),
      '</HealthData>',
    ].join('\n');
    const out = await readAll([fileFromBuffer('export.xml', xml)]);
    expect(out.samples.map((s) => [s.kind, s.value, s.unit, s.utcOffsetMin])).toEqual([
      ['weight', 72.5, 'kg', 60],
      ['body_fat', 24.1, '%', 60],
    ]);
    expect(out.issues).toEqual([
      { file: 'export.xml', record: 2, message: `${Q}BodyMass: value "1,2,3" is not a number` },
    ]);
    expect(unaccounted(out)).toBe(0);
  });
});
