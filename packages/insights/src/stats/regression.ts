import { studentTQuantile, studentTTwoSidedP } from './distributions';

/** An ordinary least-squares line with what its intervals need. */
export interface LinearFit {
  slope: number;
  intercept: number;
  n: number;
  meanX: number;
  meanY: number;
  /** Σ(x − x̄)². */
  sxx: number;
  /** Residual standard deviation, n − 2 degrees of freedom. */
  residualSd: number;
  slopeSe: number;
  /** Two-sided p-value of "slope = 0". */
  slopeP: number;
}

export interface Interval {
  value: number;
  low: number;
  high: number;
}

/** The least-squares line through (xs, ys); undefined for fewer than three points or constant x. */
export function linearRegression(xs: readonly number[], ys: readonly number[]): LinearFit | undefined {
  const n = Math.min(xs.length, ys.length);
  if (n < 3) return undefined;
  let meanX = 0;
  let meanY = 0;
  for (let i = 0; i < n; i++) {
    meanX += xs[i]!;
    meanY += ys[i]!;
  }
  meanX /= n;
  meanY /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - meanX;
    sxx += dx * dx;
    sxy += dx * (ys[i]! - meanY);
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i]! - intercept - slope * xs[i]!) ** 2;
  const residualSd = Math.sqrt(sse / (n - 2));
  const slopeSe = residualSd / Math.sqrt(sxx);
  const slopeP = slopeSe > 0 ? studentTTwoSidedP(slope / slopeSe, n - 2) : slope === 0 ? 1 : 0;
  return { slope, intercept, n, meanX, meanY, sxx, residualSd, slopeSe, slopeP };
}

function criticalT(fit: LinearFit, confidence: number): number {
  return studentTQuantile(1 - (1 - confidence) / 2, fit.n - 2);
}

/** Where one new observation at x0 will fall: the prediction interval, wider than the line's own band. */
export function predictionInterval(fit: LinearFit, x0: number, confidence = 0.95): Interval {
  const value = fit.intercept + fit.slope * x0;
  const half =
    criticalT(fit, confidence) * fit.residualSd * Math.sqrt(1 + 1 / fit.n + (x0 - fit.meanX) ** 2 / fit.sxx);
  return { value, low: value - half, high: value + half };
}

/** Where the underlying line is at x0: the confidence band of the mean. */
export function confidenceBand(fit: LinearFit, x0: number, confidence = 0.95): Interval {
  const value = fit.intercept + fit.slope * x0;
  const half =
    criticalT(fit, confidence) * fit.residualSd * Math.sqrt(1 / fit.n + (x0 - fit.meanX) ** 2 / fit.sxx);
  return { value, low: value - half, high: value + half };
}

export interface Crossing {
  /** The x where the fitted line reaches the target. */
  x: number;
  /** The x values whose confidence band contains the target (Fieller's interval); null when unbounded. */
  low: number | null;
  high: number | null;
}

/**
 * When the line reaches `target`, with an interval: every x whose band of the mean includes the
 * target (inverse regression, Fieller 1954). Undefined when the line is flat. When the slope is not
 * clear of zero at this confidence the set is unbounded and one or both ends are null.
 */
export function crossing(fit: LinearFit, target: number, confidence = 0.95): Crossing | undefined {
  if (fit.slope === 0 || !Number.isFinite(fit.slope)) return undefined;
  const x = (target - fit.intercept) / fit.slope;
  const k2 = (criticalT(fit, confidence) * fit.residualSd) ** 2;
  // With u = x − x̄ and d = ȳ − target: (d + b·u)² ≤ k²(1/n + u²/Sxx) is a quadratic in u.
  const d = fit.meanY - target;
  const a = fit.slope ** 2 - k2 / fit.sxx;
  const b = 2 * fit.slope * d;
  const c = d * d - k2 / fit.n;
  const disc = b * b - 4 * a * c;
  if (a <= 0 || disc < 0) return { x, low: null, high: null };
  const root = Math.sqrt(disc);
  const u1 = (-b - root) / (2 * a);
  const u2 = (-b + root) / (2 * a);
  return { x, low: fit.meanX + Math.min(u1, u2), high: fit.meanX + Math.max(u1, u2) };
}
