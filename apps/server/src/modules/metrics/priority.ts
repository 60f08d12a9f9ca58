import { getMetric, isSandboxDevice, plainDevice } from '@healthfolio/core';
import { EXCLUDED_RANK } from './merge';

/**
 * Which stream counts first where several overlap, by default: what the person typed in, then
 * wearables, then phones, then anything else — the order Apple Health and Health Connect use.
 * A user's own order for a metric (source_priorities) comes before all defaults.
 */
export type PriorityTier = 'manual' | 'wearable' | 'phone' | 'other';

const TIER_RANK: Record<PriorityTier, number> = { manual: 0, wearable: 1, phone: 2, other: 3 };

/** Sources that only ever record from a device worn on the body. */
const WEARABLE_SOURCES = new Set([
  'garmin',
  'oura',
  'whoop',
  'fitbit',
  'polar',
  'dexcom',
  'freestyle_libre',
  'coros',
  'suunto',
]);
/** Sources whose device is a scale: as good as a wearable for body composition, unknown otherwise. */
const SCALE_SOURCES = new Set(['withings']);
const WEARABLE_DEVICE =
  /watch|ring|band|strap|tracker|forerunner|fenix|venu|vivo|oura|whoop|polar|dexcom|libre|cgm|sensor|scale/i;
const PHONE_DEVICE = /phone|android|pixel|galaxy|oneplus|mobile/i;

export function defaultTier(kind: string, source: string, device: string | null): PriorityTier {
  if (source === 'manual') return 'manual';
  if (device && WEARABLE_DEVICE.test(device)) return 'wearable';
  if (device && PHONE_DEVICE.test(device)) return 'phone';
  if (WEARABLE_SOURCES.has(source)) return 'wearable';
  if (SCALE_SOURCES.has(source) && getMetric(kind)?.category === 'body') return 'wearable';
  return 'other';
}

/** A user's stream order for one kind, best first; device '' means every device of that source. */
export interface PriorityEntry {
  source: string;
  device: string;
}

/** Default ranks sit after every user entry. */
const DEFAULT_BASE = 1_000;
/** Sandbox data, when included, sits after every real stream, whatever the person's order says. */
const SANDBOX_RANK = 10_000;

export interface RankOptions {
  /**
   * The person's `settings.preferences.includeSandboxData`: sandbox streams then rank after every real
   * one; otherwise they rank EXCLUDED_RANK and the merge leaves them out.
   */
  includeSandbox?: boolean;
}

/** The rank function mergeStreams takes: lower counts first. */
export function rankFunction(
  kind: string,
  entries: readonly PriorityEntry[],
  { includeSandbox = false }: RankOptions = {},
): (source: string, device: string | null) => number {
  const exact = new Map<string, number>();
  const wholeSource = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.device === '') {
      if (!wholeSource.has(e.source)) wholeSource.set(e.source, i);
    } else if (!exact.has(`${e.source}\u0000${e.device}`)) exact.set(`${e.source}\u0000${e.device}`, i);
  });
  // A stored device may carry the path it came by (sample-paths.ts): people rank devices, not paths.
  return (source, stored) => {
    const sandbox = isSandboxDevice(stored);
    if (sandbox && !includeSandbox) return EXCLUDED_RANK;
    const device = plainDevice(stored);
    const rank =
      exact.get(`${source}\u0000${device ?? ''}`) ??
      wholeSource.get(source) ??
      DEFAULT_BASE + TIER_RANK[defaultTier(kind, source, device)];
    return sandbox ? SANDBOX_RANK + rank : rank;
  };
}

export const isCustomRank = (rank: number) => rank < DEFAULT_BASE;
