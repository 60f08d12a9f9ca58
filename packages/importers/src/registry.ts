import { appleHealthImporter } from './apple-health';
import { dexcomClarityImporter } from './dexcom-clarity';
import { eightSleepImporter } from './eight-sleep';
import { fhirImporter } from './fhir';
import { fitbitImporter } from './fitbit';
import { garminFitImporter } from './garmin-fit';
import { googleFitImporter } from './google-fit';
import { healthAutoExportImporter } from './health-auto-export';
import { healthfolioExportImporter } from './healthfolio-export';
import { libreviewImporter } from './libreview';
import { myFitnessPalImporter } from './myfitnesspal';
import { ouraImporter } from './oura';
import { pdfReportImporter } from './pdf-report';
import { pelotonImporter } from './peloton';
import { stravaImporter } from './strava';
import type { AnyImporter, ImportFile, ImportFormat } from './types';
import { whoopImporter } from './whoop';
import { withingsImporter } from './withings';

/** Every importer, one line each. A format is added by adding its folder and its line here. */
export const importers: readonly AnyImporter[] = [
  appleHealthImporter,
  fhirImporter,
  garminFitImporter,
  dexcomClarityImporter,
  libreviewImporter,
  ouraImporter,
  whoopImporter,
  fitbitImporter,
  withingsImporter,
  myFitnessPalImporter,
  eightSleepImporter,
  pelotonImporter,
  stravaImporter,
  googleFitImporter,
  healthAutoExportImporter,
  healthfolioExportImporter,
  pdfReportImporter,
];

/** Below this score an upload is not taken to be a format at all. */
const MIN_CONFIDENCE = 0.5;

export function getImporter(format: string): AnyImporter | undefined {
  return importers.find((i) => i.format === format);
}

/** The importer most sure the upload is its format, by content; undefined when none is. */
export async function detectImporter(files: readonly ImportFile[]): Promise<AnyImporter | undefined> {
  let best: { importer: AnyImporter; score: number } | undefined;
  for (const importer of importers) {
    const score = await importer.detect(files);
    if (score >= MIN_CONFIDENCE && (!best || score > best.score)) best = { importer, score };
  }
  return best?.importer;
}

/** What the 415 answer lists. */
export const supportedFormats = (): { format: ImportFormat; label: string }[] =>
  importers.map(({ format, label }) => ({ format, label }));
