import { fileFromBuffer } from '../files/memory-file';
import { fhirImporter } from './index';
const ctx = { owner: { name: 'Chen Liu', email: 'c@x' }, timeZone: 'America/New_York' };
const entries: unknown[] = [];
for (let i = 0; i < 10000; i++) {
  const k = i % 3;
  const r =
    k === 0
      ? {
          resourceType: 'Observation',
          id: `o${i}`,
          status: 'final',
          category: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' },
              ],
            },
          ],
          code: {
            coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }],
            text: 'Glucose',
          },
          effectiveDateTime: `2023-0${1 + (i % 9)}-1${i % 10}T08:${String(i % 60).padStart(2, '0')}:00-05:00`,
          valueQuantity: {
            value: 80 + (i % 40),
            unit: 'mg/dL',
            system: 'http://unitsofmeasure.org',
            code: 'mg/dL',
          },
          referenceRange: [{ low: { value: 70, unit: 'mg/dL' }, high: { value: 99, unit: 'mg/dL' } }],
          interpretation: [{ coding: [{ code: 'N' }] }],
        }
      : k === 1
        ? {
            resourceType: 'Condition',
            id: `c${i}`,
            clinicalStatus: { coding: [{ code: 'active' }] },
            code: {
              coding: [{ system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertension' }],
            },
            recordedDate: `2021-02-1${i % 10}`,
          }
        : {
            resourceType: 'ExplanationOfBenefit',
            id: `e${i}`,
            status: 'active',
            type: {
              coding: [
                { system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'CARRIER' },
              ],
            },
            billablePeriod: { start: '2022-09-06', end: '2022-09-06' },
            item: [
              {
                sequence: 1,
                productOrService: {
                  coding: [
                    { system: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs', code: '99213' },
                  ],
                },
              },
            ],
            payment: { amount: { value: 73.98, currency: 'USD' } },
          };
  entries.push({
    fullUrl: `urn:uuid:${i}`,
    resource:
      process.env.REPORTS && i % 30 === 29
        ? {
            resourceType: 'DiagnosticReport',
            id: `r${i}`,
            code: { text: 'Panel' },
            result: [{ reference: `Observation/o${i - 2}` }],
          }
        : r,
  });
}
const text = JSON.stringify(
  { resourceType: 'Bundle', type: 'collection', entry: entries },
  null,
  process.env.INDENT ? 2 : 0,
);
const file = fileFromBuffer('big.json', text, 1024 * 1024);
for (let run = 0; run < 3; run++) {
  const t0 = performance.now();
  let n = 0;
  for await (const c of fhirImporter.read([file], ctx)) n += c.samples.length;
  console.log(text.length, 'ms', Math.round(performance.now() - t0), n);
}
