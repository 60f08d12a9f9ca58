import type { ImportJob } from '@healthfolio/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { importFile, PARSING } from './helpers';

const rec = (type: string, attrs: string) =>
  ` <Record type="${type}" sourceName="Ada’s Apple Watch" sourceVersion="10.1" ${attrs}/>`;
const at = (hh: string) => `2026-03-02 ${hh}:00 -0800`;

/** Ada's export: steps and stand time we keep, a type we have no metric for, and the day's ActivitySummary. */
const exportXml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<!DOCTYPE HealthData [',
  '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>',
  ']>',
  '<HealthData locale="en_US">',
  ' <ExportDate value="2026-03-03 10:00:00 -0800"/>',
  ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-12-10" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>',
  rec(
    'HKQuantityTypeIdentifierStepCount',
    `unit="count" startDate="${at('08:00')}" endDate="${at('08:10')}" value="820"`,
  ),
  rec(
    'HKQuantityTypeIdentifierStepCount',
    `unit="count" startDate="${at('09:00')}" endDate="${at('09:10')}" value="640"`,
  ),
  rec(
    'HKQuantityTypeIdentifierStepCount',
    `unit="count" startDate="${at('10:00')}" endDate="${at('10:10')}" value="not-a-number"`,
  ),
  rec(
    'HKQuantityTypeIdentifierAppleStandTime',
    `unit="min" startDate="${at('08:00')}" endDate="${at('08:05')}" value="5"`,
  ),
  rec(
    'HKQuantityTypeIdentifierAppleWalkingSteadiness',
    `unit="%" startDate="${at('00:00')}" endDate="${at('23:59')}" value="0.95"`,
  ),
  rec(
    'HKQuantityTypeIdentifierAppleWalkingSteadiness',
    `unit="%" startDate="${at('00:00')}" endDate="${at('23:59')}" value="0.94"`,
  ),
  ' <ActivitySummary dateComponents="2026-03-02" activeEnergyBurned="420" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="31" appleExerciseTimeGoal="30" appleStandHours="9" appleStandHoursGoal="12"/>',
  '</HealthData>',
  '',
].join('\n');

describe.each(testDialects.flatMap((d) => PARSING.map(([how, env]) => [d, how, env] as const)))(
  'every record accounted for, on %s, parsed %s',
  (dialect, _how, parsingEnv) => {
    let t: TestApp;
    let ada: { authorization: string };

    beforeEach(async () => {
      t = await createTestApp(dialect, parsingEnv);
      await createUser(t, 'ada@example.com');
      ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    });
    afterEach(() => t.close());

    it('reads = inserted + updated + duplicates + rejected + skipped, each skipped type named with why', async () => {
      const job: ImportJob = await importFile(t, ada, 'export.xml', exportXml);
      expect(job).toMatchObject({
        status: 'succeeded',
        recordsRead: 7,
        inserted: 3,
        updated: 0,
        duplicates: 0,
        rejected: 1,
        skipped: 3,
      });
      expect(job.recordsRead).toBe(job.inserted + job.updated + job.duplicates + job.rejected + job.skipped);
      expect(job.skippedTypes.map((s) => [s.type, s.count])).toEqual([
        ['HKQuantityTypeIdentifierAppleWalkingSteadiness', 2],
        ['ActivitySummary', 1],
      ]);
      for (const s of job.skippedTypes) {
        expect(job.warnings).toContain(
          `Skipped ${s.count} ${s.count === 1 ? 'record' : 'records'} of ${s.type}: ${s.reason}`,
        );
      }

      // The same export again: all duplicates, the same skipped, still adding up.
      const again: ImportJob = await importFile(t, ada, 'export.xml', exportXml);
      expect(again).toMatchObject({ recordsRead: 7, inserted: 0, duplicates: 3, rejected: 1, skipped: 3 });
    });
  },
);
