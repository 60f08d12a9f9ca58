import type { SourceKind } from '@healthfolio/core';
import { currentLocale, i18n } from '../../i18n';

export interface SetupGuide {
  intro: string;
  steps: string[];
  /** Said after the steps: what else brings this data in. */
  otherWays: string;
}

/** Kinds with a set-up of their own; the rest (the generic kinds) share the named guide. */
const GUIDES: Partial<Record<SourceKind, number>> = { apple_healthkit: 5, google_health_connect: 4 };

/** Step-by-step set-up of the app that posts to the URL, as honest as the platforms allow. */
export function guideFor(kind: string): SetupGuide {
  const own = GUIDES[kind as SourceKind];
  const key = own ? kind : 'named';
  const steps = own ?? 2;
  return {
    intro: i18n.t(`ingest:guide.${key}.intro`),
    steps: Array.from({ length: steps }, (_, i) => i18n.t(`ingest:guide.${key}.steps.${i + 1}`)),
    otherWays: i18n.t(`ingest:guide.${key}.otherWays`),
  };
}

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
  return `curl -X POST '${url ?? i18n.t('ingest:curlUrl')}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${body}'`;
}

/** "Nothing received yet", or "Last received 2 hours ago · 1,234 readings so far". */
export function receivedText(
  status: { lastUsedAt: string | null; received: number },
  ago: (iso: string) => string,
): string {
  if (!status.lastUsedAt) return i18n.t('ingest:received.nothing');
  return i18n.t('ingest:received.last', {
    ago: ago(status.lastUsedAt),
    count: status.received,
    n: status.received.toLocaleString(currentLocale()),
  });
}
