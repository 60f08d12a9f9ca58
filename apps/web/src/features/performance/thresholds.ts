/** SPEC §9 web-vitals thresholds: above the first value needs improvement, above the second is poor. */
export const VITAL_THRESHOLDS = {
  LCP: [2500, 4000],
  /** SPEC names first input delay (100/300 ms); web-vitals v5+ dropped FID, so INP carries these thresholds. */
  INP: [100, 300],
  CLS: [0.1, 0.25],
  /** Not in the SPEC: web-vitals' own recommended thresholds. */
  FCP: [1800, 3000],
  TTFB: [800, 1800],
} as const satisfies Record<string, readonly [number, number]>;

export type VitalName = keyof typeof VITAL_THRESHOLDS;
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** SPEC §9: the performance report is logged this long after start. */
export const PERFORMANCE_REPORT_DELAY_MS = 5000;

export function rateVital(name: VitalName, value: number): VitalRating {
  const [needsImprovement, poor] = VITAL_THRESHOLDS[name];
  if (value > poor) return 'poor';
  if (value > needsImprovement) return 'needs-improvement';
  return 'good';
}
