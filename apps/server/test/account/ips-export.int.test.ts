import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import type { MetricsFixture } from '../metrics/helpers';
import { sharesFixture } from '../shares/helpers';

interface Entry {
  fullUrl: string;
  resource: Record<string, unknown> & { resourceType: string };
}
interface Section {
  title: string;
  code: { coding: { system: string; code: string }[] };
  text: { status: string; div: string };
  entry: { reference: string }[];
}

/** LOINC codes of the IPS Composition's sections (HL7 IPS IG, Composition-uv-ips). */
const PROBLEMS = '11450-4';
const ALLERGIES = '48765-2';
const MEDICATIONS = '10160-0';
const IMMUNIZATIONS = '11369-6';
const RESULTS = '30954-2';
const ABSENT = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';

/** Reads a stored (or deflated) zip through its central directory. */
function unzip(buf: Buffer): Record<string, string> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString();
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    files[name] = zlib.inflateRawSync(buf.subarray(dataStart, dataStart + size)).toString();
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return files;
}

describe.each(testDialects)('standard forms of the export on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await sharesFixture(dialect);
  });
  afterAll(() => f.t.close());

  const download = (format: string) =>
    f.t.app.inject({ method: 'GET', url: `/api/settings/export?format=${format}`, headers: f.ada.auth });

  async function ips() {
    const res = await download('ips');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const bundle = res.json() as { resourceType: string; type: string; identifier: unknown; entry: Entry[] };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('document');
    expect(bundle.identifier).toBeDefined();
    const composition = bundle.entry[0]?.resource as Entry['resource'] & { section: Section[] };
    expect(composition.resourceType).toBe('Composition');
    expect(composition.type).toEqual({
      coding: [{ system: 'http://loinc.org', code: '60591-5', display: 'Patient summary Document' }],
    });
    const byUrl = new Map(bundle.entry.map((e) => [e.fullUrl, e.resource]));
    const patient = bundle.entry.find((e) => e.resource.resourceType === 'Patient');
    expect(composition.subject).toEqual({ reference: patient?.fullUrl });
    const sections = new Map<string, Entry['resource'][]>();
    for (const section of composition.section) {
      expect(section.code.coding[0]?.system).toBe('http://loinc.org');
      expect(section.text.div).toMatch(/^<div xmlns="http:\/\/www.w3.org\/1999\/xhtml">/);
      expect(section.entry.length).toBeGreaterThan(0);
      const resources = section.entry.map((e) => byUrl.get(e.reference));
      for (const r of resources) {
        expect(r, 'every section entry resolves inside the Bundle').toBeDefined();
        expect(r?.subject ?? r?.patient).toEqual({ reference: patient?.fullUrl });
      }
      sections.set(section.code.coding[0]?.code ?? '', resources as Entry['resource'][]);
    }
    return sections;
  }

  it('exports an International Patient Summary with the required sections, "no information" where empty', async () => {
    const sections = await ips();
    expect([...sections.keys()]).toEqual([PROBLEMS, ALLERGIES, MEDICATIONS, RESULTS]);
    expect(sections.get(PROBLEMS)?.map((r) => [r.resourceType, (r.code as { text: string }).text])).toEqual([
      ['Condition', 'Essential hypertension'],
    ]);
    expect(sections.get(ALLERGIES)).toEqual([
      {
        resourceType: 'AllergyIntolerance',
        code: {
          coding: [{ system: ABSENT, code: 'no-allergy-info', display: 'No information about allergies' }],
        },
        patient: expect.anything() as unknown,
      },
    ]);
    const medication = sections.get(MEDICATIONS)?.[0];
    expect(medication?.resourceType).toBe('MedicationStatement');
    expect(medication?.medicationCodeableConcept).toEqual({
      coding: [{ system: ABSENT, code: 'no-medication-info', display: 'No information about medications' }],
    });
    const results = sections.get(RESULTS) ?? [];
    expect(results.map((r) => [r.effectiveDateTime, (r.valueQuantity as { value: number }).value])).toEqual([
      ['2026-11-15T09:00:00Z', 5.9],
      ['2026-10-01T09:00:00Z', 6.4],
    ]);
    expect(results[0]?.code).toEqual({
      text: 'HbA1c',
      coding: [{ system: 'http://loinc.org', code: '4548-4' }],
    });
  });

  it('adds the immunizations section once there are immunizations', async () => {
    await f.t.db.kysely
      .insertInto('clinical_records')
      .values({
        user_id: f.ada.id,
        source: 'epic',
        resource_type: 'Immunization',
        origin_id: 'imm-1',
        category: 'immunization',
        recorded_at: Date.UTC(2026, 9, 3),
        ended_at: null,
        display: 'Influenza vaccine 2026–27',
        status: 'completed',
        detail: null,
        updated_at: Date.UTC(2026, 9, 3),
      })
      .execute();
    const sections = await ips();
    expect([...sections.keys()]).toEqual([PROBLEMS, ALLERGIES, MEDICATIONS, IMMUNIZATIONS, RESULTS]);
    expect(sections.get(IMMUNIZATIONS)?.[0]).toMatchObject({
      resourceType: 'Immunization',
      status: 'completed',
      vaccineCode: { text: 'Influenza vaccine 2026–27' },
      occurrenceDateTime: '2026-10-03T00:00:00.000Z',
    });
  });

  it('adds one CSV per metric to the zip, with only the person’s own readings', async () => {
    const res = await download('csv');
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).filter((n) => n.startsWith('metrics/'))).toEqual([
      'metrics/hemoglobin_a1c.csv',
      'metrics/resting_heart_rate.csv',
      'metrics/steps.csv',
      'metrics/weight.csv',
    ]);
    const steps = files['metrics/steps.csv']?.split('\r\n') ?? [];
    expect(steps[0]).toBe('start,end,value,unit,source,device,flag');
    expect(steps.slice(1, -1)).toEqual(
      Array.from({ length: 11 }, (_, i) => {
        const d = 10 + i;
        return `2026-11-${d}T08:00:00Z,2026-11-${d}T09:00:00Z,${d * 1000},{count},garmin,,`;
      }),
    );
    expect(files['metrics/hemoglobin_a1c.csv']).toBe(
      'start,end,value,unit,source,device,flag\r\n' +
        '2026-10-01T09:00:00Z,2026-10-01T09:00:00Z,6.4,%,quest,,high\r\n' +
        '2026-11-15T09:00:00Z,2026-11-15T09:00:00Z,5.9,%,quest,,high\r\n',
    );
    expect(JSON.stringify(files)).not.toContain('77777');
  });
});
