import { cerner, ehr, epic, va } from '@healthfolio/connectors';
import type { FakeProvider } from './types';
import { fake as dexcom } from './dexcom/fake';
import { fake as eightSleep } from './eight-sleep/fake';
import { fake as fitbit } from './fitbit/fake';
import { fake as freestyleLibre } from './freestyle-libre/fake';
import { fake as garmin } from './garmin/fake';
import { fake as medicare } from './medicare/fake';
import { fake as oura } from './oura/fake';
import { fake as peloton } from './peloton/fake';
import { fake as reportBuilder } from './report-builder/fake';
import { createSmartFake } from './smart/fake';
import { fake as strava } from './strava/fake';
import { fake as whoop } from './whoop/fake';
import { fake as withings } from './withings/fake';

/**
 * Every connector's fake provider by its kind, listed explicitly; a test fails when a connector has none.
 * The SMART on FHIR kinds share one fake, each under its own provider name and OAuth settings.
 */
export const fakes: Readonly<Record<string, FakeProvider>> = {
  oura,
  strava,
  whoop,
  dexcom,
  garmin,
  fitbit,
  peloton,
  eight_sleep: eightSleep,
  withings,
  report_builder: reportBuilder,
  epic: createSmartFake({ providerName: 'Epic MyChart', oauth: epic.manifest.oauth! }),
  cerner: createSmartFake({ providerName: 'Oracle Health', oauth: cerner.manifest.oauth! }),
  ehr: createSmartFake({ providerName: 'Healthfolio sandbox EHR', oauth: ehr.manifest.oauth! }),
  va: createSmartFake({ providerName: 'VA Lighthouse', oauth: va.manifest.oauth! }),
  medicare,
  freestyle_libre: freestyleLibre,
};

/** The fake of the connector of `kind`; throws for a kind without one (every connector has one). */
export function fakeOf(kind: string): FakeProvider {
  const fake = Object.hasOwn(fakes, kind) ? fakes[kind] : undefined;
  if (!fake) throw new Error(`No sandbox provider for ${kind}`);
  return fake;
}
