import type { ConnectResult } from '@healthfolio/core';
import type { Connecting, ConnectMethodEntry } from '../connect-methods';

type Instructions = NonNullable<ConnectResult['instructions']>;

/**
 * Sources without an API a third party may use: connecting says how to get the export the provider
 * really offers, and the file then comes in through the import (or report upload) path.
 */
export const exportInstructions: Readonly<Record<string, Instructions>> = {
  myfitnesspal: {
    title: 'Bring in your MyFitnessPal diary',
    steps: [
      'MyFitnessPal has no API open to other apps; its data export is part of Premium.',
      'On myfitnesspal.com, open Settings and choose "Export Data", pick the dates, and request the export.',
      'MyFitnessPal emails a zip (File-Export-<start>-to-<end>) with the Nutrition, Measurement and Exercise summaries.',
      'Drop that zip, unopened, on "Import a file" here: meals become calories and macronutrients, weigh-ins become weight.',
      'Export again whenever you like: days already imported are recognised and not counted twice.',
    ],
    links: [{ label: 'Open MyFitnessPal', href: 'https://www.myfitnesspal.com/' }],
  },
  quest_diagnostics: {
    title: 'Bring in your Quest results',
    steps: [
      'Quest shares results with you through MyQuest, not with other apps.',
      'Sign in to MyQuest, open Results, choose a report and download it as a PDF.',
      'Drop the PDF on "Import a file" here: we read each result with its units and reference range, and you check them before they are saved.',
    ],
    links: [{ label: 'Open MyQuest', href: 'https://myquest.questdiagnostics.com/' }],
  },
  labcorp: {
    title: 'Bring in your Labcorp results',
    steps: [
      'Labcorp shares results with you through the Labcorp Patient portal, not with other apps.',
      'Sign in, open Results, choose a report and download (or print to) PDF.',
      'Drop the PDF on "Import a file" here and check the values we read before they are saved.',
    ],
    links: [{ label: 'Open Labcorp Patient', href: 'https://patient.labcorp.com/' }],
  },
};

/** The instruction-giving `connect` of each source above; they have no routes of their own. */
export function exportInstructionMethods(connecting: Connecting): ConnectMethodEntry[] {
  return Object.entries(exportInstructions).map(([kind, instructions]) => [
    kind,
    {
      connect: async (userId) => ({
        authorizationUrl: null,
        source: await connecting.saveConnection(userId, kind),
        instructions,
      }),
    },
  ]);
}
