import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { detectImporter } from '../registry';
import { collect, context, formatFixtures, randomText, unaccounted } from '../shared/test-support';
import { ImportFormatError } from '../types';
import { healthfolioExportImporter as importer } from './index';

const NY = context('America/New_York', 'Ada Lovelace');

/** A version-2 export as Settings → Export my data writes it (sections in its order). */
function exportJson(samples: unknown[], extra: Record<string, unknown> = {}, version = 2): string {
  return JSON.stringify({
    format: 'healthfolio-export',
    version,
    exportedAt: '2026-11-20T12:00:00.000Z',
    profile: { id: 'u1', email: 'ada@example.com', name: 'Ada', settings: {} },
    settings: [{ settings: JSON.stringify({ preferences: { units: 'imperial' } }) }],
    dataSources: [{ kind: 'garmin' }],
    sources: [],
    samples,
    clinicalRecords: [
      {
        id: 7,
        originId: 'cond-1',
        category: 'condition',
        resourceType: 'Condition',
        display: 'Iron deficiency anaemia',
        status: 'resolved',
        recordedAt: '2019-04-01T00:00:00.000Z',
        endedAt: null,
        source: 'epic',
        detail: '{"codes":[]}',
      },
    ],
    goals: [
      {
        id: 'g1',
        title: 'Walk more',
        metric: 'steps',
        target: 9000,
        direction: 'at_least',
        period: 'daily',
        deadline: null,
        startValue: null,
        created: '2026-11-01',
      },
    ],
    insights: [],
    auditLog: [{ id: 1, event: 'login.success', at: '2026-11-20T11:00:00.000Z' }],
    ...extra,
  });
}

const steps = {
  id: 1,
  type: 'steps',
  value: 412,
  unit: '{steps}',
  start: '2026-11-19T07:30:00.250-05:00',
  end: '2026-11-19T07:45:00-05:00',
  tz: 'America/New_York',
  source: 'garmin',
  device: 'Forerunner 965',
  path: null,
  originId: 'Forerunner 965',
  flag: null,
  loinc: null,
  meta: null,
};
const glucose = {
  ...steps,
  id: 2,
  type: 'blood_glucose',
  value: 104,
  unit: 'mg/dL',
  start: '2026-11-19T12:00:00Z',
  end: '2026-11-19T12:00:00Z',
  tz: null,
  source: 'dexcom',
  device: 'Android G7',
  path: 'dexcom-clarity',
  originId: '1000000',
  flag: 'high',
  meta: '{"referenceRange":{"high":99}}',
};

describe('Healthfolio export import', () => {
  it('is recognised by content, whatever the file is called, and no other format takes it', async () => {
    const file = fileFromBuffer('whatever.json', exportJson([steps]));
    expect(await importer.detect([file])).toBe(1);
    expect((await detectImporter([file]))?.format).toBe('healthfolio-export');
    expect(await importer.detect([randomText])).toBe(0);
    expect(await importer.detect([fileFromBuffer('x.json', '{"format":"other","version":2}')])).toBe(0);
    for (const fixture of formatFixtures(['health-auto-export', 'fhir', 'oura', 'eight-sleep'])) {
      expect(await importer.detect([fixture]), fixture.name).toBe(0);
    }
  });

  it('gives each sample back with its instant, offset, zone, source, device, path, origin id, flag and meta', async () => {
    const out = await collect(importer, [fileFromBuffer('e.json', exportJson([steps, glucose]))], NY);
    expect(out.error).toBeUndefined();
    expect(out.samples).toEqual([
      {
        kind: 'steps',
        start: Date.parse('2026-11-19T12:30:00.250Z'),
        end: Date.parse('2026-11-19T12:45:00Z'),
        value: 412,
        unit: '{steps}',
        utcOffsetMin: -300,
        tz: 'America/New_York',
        source: 'garmin',
        device: 'Forerunner 965',
        path: '',
        originId: 'Forerunner 965',
        flag: null,
        meta: null,
      },
      {
        kind: 'blood_glucose',
        start: Date.parse('2026-11-19T12:00:00Z'),
        end: Date.parse('2026-11-19T12:00:00Z'),
        value: 104,
        unit: 'mg/dL',
        utcOffsetMin: 0,
        source: 'dexcom',
        device: 'Android G7',
        path: 'dexcom-clarity',
        originId: '1000000',
        flag: 'high',
        meta: { referenceRange: { high: 99 } },
      },
    ]);
    expect(out.records).toBe(2);
    expect(unaccounted(out)).toBe(0);
    const last = out.chunks.at(-1)!;
    expect(last.clinical).toEqual([
      {
        source: 'epic',
        resourceType: 'Condition',
        originId: 'cond-1',
        category: 'condition',
        recordedAt: Date.parse('2019-04-01T00:00:00Z'),
        endedAt: null,
        display: 'Iron deficiency anaemia',
        status: 'resolved',
        detail: { codes: [] },
      },
    ]);
    expect(last.restore).toEqual({
      settings: { preferences: { units: 'imperial' } },
      dataSources: ['garmin'],
      goals: [
        {
          title: 'Walk more',
          metric: 'steps',
          target: 9000,
          direction: 'at_least',
          period: 'daily',
          deadline: null,
          startValue: null,
          created: '2026-11-01',
        },
      ],
    });
  });

  it('refuses a damaged row with its position and keeps the rest; every reading is accounted for', async () => {
    const rows = [steps, { ...steps, id: 3, value: 'many' }, { ...steps, id: 4, start: '2026-11-19 07:30' }];
    const out = await collect(importer, [fileFromBuffer('e.json', exportJson(rows))], NY);
    expect(out.samples).toHaveLength(1);
    expect(out.issues.map((i) => i.message)).toEqual([
      'samples[1]: no numeric value',
      'samples[2]: start and end must be ISO 8601 instants with an offset',
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it('says plainly when the export is of a newer version than this server reads', async () => {
    const out = await collect(importer, [fileFromBuffer('e.json', exportJson([steps], {}, 3))], NY);
    expect(out.samples).toEqual([]);
    expect(out.warnings).toEqual([
      'e.json is a Healthfolio export of version 3; this server reads versions 1 and 2. Update Healthfolio to import it.',
    ]);
  });

  it('keeps what was read before the file breaks off, then fails with where', async () => {
    const text = exportJson([steps, glucose]);
    const cut = text.slice(0, text.indexOf('"clinicalRecords"') - 40);
    const out = await collect(importer, [fileFromBuffer('e.json', cut)], NY);
    expect(out.samples.map((s) => s.kind)).toEqual(['steps']);
    expect(out.error).toBeInstanceOf(ImportFormatError);
  });
});
