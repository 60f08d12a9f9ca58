import { parseTime } from '@healthfolio/core';

/** The zone abbreviations Peloton writes after its times, as minutes east of UTC. */
const ZONES: Record<string, number> = {
  UTC: 0,
  GMT: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  BST: 60,
  CET: 60,
  CEST: 120,
  AEST: 600,
  AEDT: 660,
};

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?\s*(?:\(([^)]*)\))?$/;
const NUMERIC = /^([+-])(\d{1,2})(?::?(\d{2}))?$/;

/**
 * "2023-01-05 07:00 (EST)" or "2023-11-08 12:04 (-06)": the wall time with the zone Peloton names.
 * An abbreviation we do not know (or none) is read in the profile's zone, and `tz` says so.
 */
export function parsePelotonTime(
  text: string,
  zone: string,
): { ms: number; offsetMin: number; tz?: string } | undefined {
  const m = STAMP.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, label] = m;
  const offsetMin = offsetOf(label?.trim().toUpperCase() ?? '');
  if (offsetMin === undefined) {
    const local = parseTime(`${y}-${mo}-${d} ${h}:${mi}:${s ?? '00'}`, zone);
    return local && { ...local, tz: zone };
  }
  const wall = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +(s ?? 0));
  if (new Date(wall).getUTCDate() !== +d!) return undefined;
  return { ms: wall - offsetMin * 60_000, offsetMin };
}

function offsetOf(label: string): number | undefined {
  if (label in ZONES) return ZONES[label];
  const n = NUMERIC.exec(label);
  if (!n) return undefined;
  const minutes = Number(n[2]) * 60 + Number(n[3] ?? 0);
  return minutes <= 14 * 60 ? (n[1] === '-' ? -minutes : minutes) : undefined;
}
