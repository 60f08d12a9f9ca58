import { parseTime } from '@healthfolio/core';

/** An instant read from a FHIR date or dateTime, with the offset it was written at (or the zone's). */
export interface FhirTime {
  ms: number;
  offsetMin: number;
  /** The zone it was read in, when the text carried no offset of its own (a date, or a local time). */
  tz?: string;
}

const PARTIAL_DATE = /^(\d{4})(?:-(\d{2}))?$/;

/**
 * Reads FHIR `date`, `dateTime` and `instant` values: "2023-05-01T08:15:00-04:00" keeps its offset;
 * a date alone ("2023-05-01", or the partial "2023-05" and "2023" FHIR allows) is that day's start
 * in `zone`. Undefined when the text is not a date.
 */
export function readFhirTime(value: unknown, zone: string): FhirTime | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // Dates repeat (a claim's lines, a day of labs) and each costs three Intl lookups: remember them.
  if (value.length <= 10) {
    const key = `${zone} ${value}`;
    if (!dates.has(key)) {
      if (dates.size >= MAX_DATES) dates.clear();
      dates.set(key, read(value, zone));
    }
    return dates.get(key);
  }
  return read(value, zone);
}

const dates = new Map<string, FhirTime | undefined>();
const MAX_DATES = 20_000;

function read(value: string, zone: string): FhirTime | undefined {
  const partial = PARTIAL_DATE.exec(value.trim());
  const text = partial ? `${partial[1]}-${partial[2] ?? '01'}-01` : value;
  const time = parseTime(text, zone);
  if (!time) return undefined;
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text.trim());
  return hasOffset ? time : { ...time, tz: zone };
}

/** The later of two readings as an end, or undefined when it is missing or not after the start. */
export function endAfter(start: FhirTime, end: FhirTime | undefined): number | undefined {
  return end && end.ms > start.ms ? end.ms : undefined;
}
