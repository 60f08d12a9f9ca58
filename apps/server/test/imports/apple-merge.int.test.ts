import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { importFile } from './helpers';

/** An export.xml in Apple's layout: a watch and a phone both counting the same walks, every 10 minutes. */
function overlappingSteps(days: number): string {
  const records: string[] = [];
  const pad = (n: number) => String(n).padStart(2, '0');
  // The phone's records come first, as Apple groups a type's records by source.
  for (const [source, steps] of [
    ['Ada’s iPhone', 90],
    ['Ada’s Apple Watch', 100],
  ] as const) {
    for (let d = 1; d <= days; d++) {
      for (let slot = 0; slot < 6; slot++) {
        const at = `2026-03-${pad(d)} 08:${pad(slot * 10)}:00 -0800`;
        const end = `2026-03-${pad(d)} 08:${pad(slot * 10 + 9)}:00 -0800`;
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

describe.each(testDialects)('an Apple Health import with a watch and a phone, on %s', (dialect) => {
  let t: TestApp;
  let ada: { authorization: string };

  beforeEach(async () => {
    // Small batches: the watch's samples arrive batches after the phone's, so their merges wait for the end.
    t = await createTestApp(dialect, {}, { importWriteBatch: 25 });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterEach(() => t.close());

  it('stores both streams and counts each walk once in the daily totals', async () => {
    const job = await importFile(t, ada, 'export.xml', overlappingSteps(10));
    expect(job).toMatchObject({ status: 'succeeded', format: 'apple-health', inserted: 120, rejected: 0 });

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=steps&bucket=day&from=2026-03-01&to=2026-03-10&tz=America/Los_Angeles',
      headers: ada,
    });
    const items = (res.json() as { data: { items: { start: string; sum: number }[] } }).data.items;
    expect(items).toHaveLength(10);
    // The watch outranks the phone: 6 × 100 a day — not the phone's 6 × 90, nor both, 6 × 190.
    for (const day of items) expect(day.sum).toBe(600);
  });
});
