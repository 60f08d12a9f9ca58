import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { unaccounted } from '../shared/test-support';
import { blueButtonFiles, context, fixture, one, readAll } from './test-support';

const BEN = context('Ben Okafor');

describe('FHIR importer on a Blue Button bulk export (NDJSON)', () => {
  it('reads every file, sorted by name, whatever order the upload lists them in', async () => {
    const out = await readAll(blueButtonFiles().reverse(), BEN);
    const { samples, records, issues } = out;
    // Readings, not resources: a claim holds its service and each of its coded diagnoses; the Patient is
    // skipped (who the records are about).
    expect(records).toBe(11);
    expect([...out.skipped.keys()]).toEqual(['Patient']);
    expect(unaccounted(out)).toBe(0);
    expect(issues).toEqual([]);
    expect(samples.map((s) => `${s.kind} ${s.originId}`)).toEqual([
      'insurance_coverage part-a--10000000002066',
      'insurance_coverage part-b--10000000002066',
      'insurance_coverage part-d--10000000002066',
      'medical_service carrier--10000930037921',
      'diagnosis carrier--10000930037921#diagnosis-E119',
      'medical_service outpatient--10000930037955',
      'diagnosis outpatient--10000930037955#diagnosis-R079',
      'diagnosis outpatient--10000930037955#diagnosis-I10',
      'procedure outpatient--10000930037955#procedure-B2111ZZ',
      'medical_service pde--10000930037988',
    ]);
    expect(new Set(samples.map((s) => s.source))).toEqual(new Set(['medicare']));
  });

  it('maps Coverage to insurance_coverage over its period', async () => {
    const { samples } = await readAll(blueButtonFiles(), BEN);
    const partA = one(samples, 'part-a--10000000002066');
    expect(partA).toMatchObject({
      value: 1,
      start: Date.parse('2017-05-01T04:00:00Z'),
      utcOffsetMin: -240,
      tz: 'America/New_York',
      meta: {
        code: {
          display: 'Medicare Part A',
          system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
          code: 'SUBSIDIZ',
        },
        status: 'active',
        notes: 'Payor: Centers for Medicare and Medicaid Services',
      },
    });
    expect(partA.end).toBeUndefined();
    const partD = one(samples, 'part-d--10000000002066');
    expect(partD).toMatchObject({ end: Date.parse('2018-12-31T05:00:00Z'), meta: { status: 'cancelled' } });
  });

  it('maps ExplanationOfBenefit to medical_service named by its first service line, with the amounts', async () => {
    const { samples } = await readAll(blueButtonFiles(), BEN);
    expect(one(samples, 'carrier--10000930037921')).toMatchObject({
      start: Date.parse('2022-09-06T04:00:00Z'),
      meta: {
        code: {
          system: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
          code: '99213',
          display: 'HCPCS 99213',
        },
        notes: 'Paid 73.98 USD · Prior payer paid 0.00 USD · 2 service lines',
        provenance: {
          resourceType: 'ExplanationOfBenefit',
          id: 'carrier--10000930037921',
          claimType: 'CARRIER',
        },
      },
    });
    expect(one(samples, 'outpatient--10000930037955')).toMatchObject({
      end: Date.parse('2022-11-15T05:00:00Z'),
      meta: { code: { display: 'Emergency dept visit mod mdm' }, notes: 'Paid 612.30 USD' },
    });
    expect(one(samples, 'pde--10000930037988').meta).toMatchObject({
      code: { system: 'http://hl7.org/fhir/sid/ndc', display: 'Metformin Hydrochloride 500 MG Oral Tablet' },
      notes: 'Paid by patient 4.50 USD',
    });
  });

  it('maps the claims’ ICD-10 diagnoses and procedures, once per code, at the claim’s dates', async () => {
    const { samples } = await readAll(blueButtonFiles(), BEN);
    expect(one(samples, 'carrier--10000930037921#diagnosis-E119')).toMatchObject({
      kind: 'diagnosis',
      value: 1,
      start: Date.parse('2022-09-06T04:00:00Z'),
      source: 'medicare',
      meta: {
        code: {
          system: 'http://hl7.org/fhir/sid/icd-10-cm',
          code: 'E119',
          display: 'TYPE 2 DIABETES MELLITUS WITHOUT COMPLICATIONS',
        },
        provenance: {
          resourceType: 'ExplanationOfBenefit',
          id: 'carrier--10000930037921',
          claimType: 'CARRIER',
          diagnosisType: 'principal',
        },
      },
    });
    // R079 is listed twice (principal, reason for visit): one sample.
    const outpatient = samples.filter((s) => s.originId?.startsWith('outpatient--10000930037955#diagnosis'));
    expect(outpatient.map((s) => s.meta?.code?.code)).toEqual(['R079', 'I10']);
    expect(one(samples, 'outpatient--10000930037955#procedure-B2111ZZ')).toMatchObject({
      kind: 'procedure',
      start: Date.parse('2022-11-14T00:00:00Z'),
      utcOffsetMin: 0,
      meta: {
        code: {
          system: 'http://www.cms.gov/Medicare/Coding/ICD10',
          code: 'B2111ZZ',
          display: 'ICD-10-PCS B2111ZZ',
        },
        provenance: { id: 'outpatient--10000930037955', claimType: 'OUTPATIENT' },
      },
    });
    // A pharmacy claim has neither.
    expect(samples.filter((s) => s.originId?.startsWith('pde--') && s.kind !== 'medical_service')).toEqual(
      [],
    );
  });

  it('warns once when the beneficiary is not the owner, and still imports everything', async () => {
    const mine = await readAll(blueButtonFiles(), context('Ben Okafor'));
    expect(mine.warnings).toEqual([]);
    const someoneElse = await readAll(blueButtonFiles(), context('Ada Lovelace'));
    expect(someoneElse.warnings).toEqual([
      'This file holds the records of Ben A Okafor, not yours (Ada Lovelace). They were imported; keep them apart if they belong to someone else.',
    ]);
    expect(someoneElse.samples).toEqual(mine.samples);
  });

  it('reports a line that is not JSON or not a resource by its line number and reads on', async () => {
    const coverage = fixture('bluebutton/Coverage.ndjson');
    const lines = (await coverage.head()).toString('utf8').trimEnd().split('\n');
    const damaged = [
      lines[0],
      '{"resourceType":"Coverage","id":"cut',
      '',
      '["not","a","resource"]',
      lines[1],
    ].join('\n');
    const out = await readAll([fileFromBuffer('Coverage.ndjson', damaged)], BEN);
    const { samples, issues, records } = out;
    expect(unaccounted(out)).toBe(0);
    expect(samples.map((s) => s.originId)).toEqual(['part-a--10000000002066', 'part-b--10000000002066']);
    expect(records).toBe(4);
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatchObject({ file: 'Coverage.ndjson', line: 2 });
    expect(issues[0]!.message).toMatch(/^Not JSON/);
    expect(issues[1]).toEqual({
      message: 'Not a FHIR resource (not a JSON object)',
      file: 'Coverage.ndjson',
      line: 4,
    });
  });

  it('gives stable origin ids across runs', async () => {
    const a = await readAll(blueButtonFiles(), BEN);
    const b = await readAll(blueButtonFiles().reverse(), BEN);
    expect(b.samples.map((s) => s.originId)).toEqual(a.samples.map((s) => s.originId));
    expect(b.samples).toEqual(a.samples);
  });
});
