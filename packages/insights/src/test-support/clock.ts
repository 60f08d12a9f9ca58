import { zoneOffsetAt } from '@healthfolio/core';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The clock of a test: the local day in progress at an instant ("2026-06-30T12:00:00Z") in a zone, as
 * the server passes it to the engine as `today`.
 */
export function todayAt(instant: string, zone: string): number {
  const ms = Date.parse(instant);
  return Math.floor((ms + zoneOffsetAt(zone, ms) * MINUTE_MS) / DAY_MS);
}
