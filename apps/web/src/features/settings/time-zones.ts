import { browserTimeZone } from './use-browser-time-zone';

/** Every IANA zone the browser knows, with the current choice kept even when the list lacks it. */
export function timeZoneChoices(current: string | undefined): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const extra = [current, browserTimeZone(), 'UTC'].filter(
    (zone): zone is string => zone !== undefined && !zones.includes(zone),
  );
  return [...new Set([...extra, ...zones])];
}
