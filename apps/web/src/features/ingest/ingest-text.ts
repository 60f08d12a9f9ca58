import type { SourceKind } from '@healthfolio/core';

export interface SetupGuide {
  intro: string;
  steps: string[];
  /** Said after the steps: what else brings this data in. */
  otherWays: string;
}

/** Step-by-step set-up of the app that posts to the URL, as honest as the platforms allow. */
export const setupGuides: Partial<Record<SourceKind, SetupGuide>> = {
  apple_healthkit: {
    intro:
      'Only an app on your iPhone can read Apple Health. Health Auto Export reads it there and posts it to your personal URL on a schedule.',
    steps: [
      'On your iPhone, install “Health Auto Export – JSON+CSV” from the App Store (its automations need Premium or the free trial).',
      'Open it, go to Automations and add a new automation; choose REST API as its type.',
      'Paste your ingest URL (below) as the URL. No headers are needed: the URL is the key.',
      'Set the export format to JSON, choose Health Metrics as the data type and pick the metrics you want (steps, heart rate, weight, sleep …). Add a second automation with Workouts if you want those too.',
      'Choose a sync interval (every hour is plenty), turn the automation on, and use Manual Export once to send the last days right away. iOS runs it when your phone is unlocked.',
    ],
    otherWays:
      'For the years before the automation, export everything from the Health app (your picture → Export All Health Data) and import export.zip here; send the automation only the days after it, so steps are not counted twice.',
  },
  google_health_connect: {
    intro:
      'Health Connect keeps its data on your phone and has no server API, so Healthfolio cannot read it directly. An exporter app on the phone can post it to your personal URL.',
    steps: [
      'On your Android phone, install an app that reads Health Connect and posts JSON to a web address on a schedule (an exporter or automation app, or your own script).',
      'Give it read access to the Health Connect data you want to send.',
      'Point it at your ingest URL (below) and have it send our JSON (the format below): a list of samples with type, value, unit and start time. Health Auto Export’s JSON is accepted too.',
      'Send once by hand to check the count under “Last received”, then let it run on its schedule.',
    ],
    otherWays:
      'A Google Takeout export (Fit) works as well: import the zip here. Fitbit data also comes through the Fitbit connection.',
  },
};

/** The generic kinds' set-up: a named source fed by any app or script that can post JSON. */
export const namedGuide: SetupGuide = {
  intro:
    'Give this source a name you will recognise, then send its readings to your personal URL from any app or script that can post JSON.',
  steps: [
    'Point the app or script at your ingest URL (below).',
    'Send our JSON (below): each sample with its type, value, unit and start time, and an id if it has one, so a resend is not counted twice.',
  ],
  otherWays: 'No app that posts? Import its CSV or JSON export, or add readings by hand on the Dashboard.',
};

export const guideFor = (kind: string): SetupGuide => setupGuides[kind as SourceKind] ?? namedGuide;

export const EXAMPLE_SAMPLES = {
  samples: [
    { type: 'weight', value: 72.4, unit: 'kg', start: '2026-11-20T07:30:00+01:00', id: 'scale-2026-11-20' },
    { type: 'steps', value: 5400, start: '2026-11-20T00:00:00+01:00', end: '2026-11-21T00:00:00+01:00' },
  ],
};

/** Our JSON, as a person reads it. */
export const ownJsonExample = JSON.stringify(EXAMPLE_SAMPLES, null, 2);

/** A curl call that posts one sample, to try the URL from a computer. */
export function curlExample(url: string | null): string {
  const body = JSON.stringify({
    samples: [{ type: 'weight', value: 72.4, unit: 'kg', start: '2026-11-20T07:30:00+01:00' }],
  });
  return `curl -X POST '${url ?? 'YOUR-INGEST-URL'}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${body}'`;
}

/** "Nothing received yet", or "Last received 2 hours ago · 1,234 readings so far". */
export function receivedText(
  status: { lastUsedAt: string | null; received: number },
  ago: (iso: string) => string,
): string {
  if (!status.lastUsedAt) return 'Nothing received yet.';
  const n = new Intl.NumberFormat('en-US').format(status.received);
  return `Last received ${ago(status.lastUsedAt)} · ${n} ${status.received === 1 ? 'reading' : 'readings'} so far.`;
}
