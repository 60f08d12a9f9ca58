import type { Connector } from './types';
import { dexcom } from './dexcom';
import { oura } from './oura';
import { peloton } from './peloton';
import { eightSleep } from './eight-sleep';
import { strava } from './strava';
import { whoop } from './whoop';
import { garmin } from './garmin';
import { fitbit } from './fitbit';
import { withings } from './withings';
import { reportBuilder } from './report-builder';
import { cerner, ehr, epic, va } from './smart';
import { medicare } from './medicare';
import { freestyleLibre } from './freestyle-libre';

/** Every connector, listed explicitly; a test fails when a folder is missing here. */
export const connectors: readonly Connector[] = [
  oura,
  strava,
  whoop,
  dexcom,
  garmin,
  fitbit,
  peloton,
  eightSleep,
  withings,
  reportBuilder,
  epic,
  cerner,
  ehr,
  va,
  medicare,
  freestyleLibre,
];

const byKind = new Map(connectors.map((c) => [c.manifest.kind as string, c]));

export function getConnector(kind: string): Connector | undefined {
  return byKind.get(kind);
}
