import { randomBytes } from 'node:crypto';
import type { ImportJob } from '@healthfolio/core';
import type { TestApp } from '../app';

/**
 * The two ways an upload is parsed: on the server's thread (below IMPORT_WORKER_THRESHOLD_BYTES), or in
 * a worker thread that prepares each batch. Import tests run on both.
 */
export const PARSING = [
  ['on the server thread', { IMPORT_WORKER_THRESHOLD_BYTES: String(Number.MAX_SAFE_INTEGER) }],
  ['in a worker thread', { IMPORT_WORKER_THRESHOLD_BYTES: '0' }],
] as const;

/** A multipart/form-data body with one file (and optional fields before it), as a browser sends it. */
export function multipart(
  fileName: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----hf${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  auth: Record<string, string>,
  fileName: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
) {
  const body = multipart(fileName, content, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads, waits for the background run, and answers the finished import. */
export async function importFile(
  t: TestApp,
  auth: Record<string, string>,
  fileName: string,
  content: Buffer | string,
): Promise<ImportJob> {
  const res = await upload(t, auth, fileName, content);
  if (res.statusCode !== 202) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  const job = (res.json() as { data: ImportJob }).data;
  await t.importRunner.idle();
  const done = await t.app.inject({ method: 'GET', url: `/api/imports/${job.id}`, headers: auth });
  return (done.json() as { data: ImportJob }).data;
}

/** A Dexcom Clarity export (the real column layout) with `n` readings every 5 minutes from `startIso`. */
export function clarityCsv(
  n: number,
  startIso = '2026-03-08T00:00:00',
  unit: 'mg/dL' | 'mmol/L' = 'mg/dL',
  /** The i-th reading, in `unit`; by default a slow saw-tooth from 90 (or 5.0). */
  reading?: (i: number) => number,
): string {
  const header =
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,' +
    `Glucose Value (${unit}),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),` +
    `Glucose Rate of Change (${unit}/min),Transmitter Time (Long Integer),Transmitter ID`;
  const lines = [
    header,
    '1,,FirstName,,Ada,,,,,,,,,',
    '2,,LastName,,Lovelace,,,,,,,,,',
    '3,,Device,,,Dexcom G7 Mobile App,Android G7,,,,,,,',
  ];
  const start = Date.parse(`${startIso}Z`);
  for (let i = 0; i < n; i++) {
    const local = new Date(start + i * 5 * 60_000).toISOString().slice(0, 19);
    const value =
      reading?.(i) ?? (unit === 'mg/dL' ? 90 + (i % 40) : Math.round((5 + (i % 40) / 18) * 10) / 10);
    lines.push(`${i + 4},${local},EGV,,,Android G7,Android G7,${value},,,,,${1_000_000 + i * 300},8ABCDE`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * An export.xml in Apple's layout: a watch and a phone both counting the same walks, six 9-minute
 * records a morning from 1 March 2026 (Pacific standard time), the phone's 90 steps against the
 * watch's 100. The watch outranks the phone, so each merged day is 600 steps.
 */
export function overlappingSteps(days: number): string {
  const records: string[] = [];
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = (d: number) => new Date(Date.UTC(2026, 2, 1 + d)).toISOString().slice(0, 10);
  // The phone's records come first, as Apple groups a type's records by source.
  for (const [source, steps] of [
    ['Ada’s iPhone', 90],
    ['Ada’s Apple Watch', 100],
  ] as const) {
    for (let d = 0; d < days; d++) {
      for (let slot = 0; slot < 6; slot++) {
        const at = `${date(d)} 08:${pad(slot * 10)}:00 -0800`;
        const end = `${date(d)} 08:${pad(slot * 10 + 9)}:00 -0800`;
        records.push(
          ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="${source}" sourceVersion="17.1" unit="count" creationDate="${end}" startDate="${at}" endDate="${end}" value="${steps}"/>`,
        );
      }
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE HealthData [',
    '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>',
    ']>',
    '<HealthData locale="en_US">',
    ' <ExportDate value="2026-04-01 10:00:00 -0700"/>',
    ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-12-10" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>',
    ...records,
    '</HealthData>',
    '',
  ].join('\n');
}
