import type { Metric } from 'web-vitals';
import { rateVital, type VitalName } from './thresholds';

function log(metric: Metric): void {
  const name = metric.name as VitalName;
  const rating = rateVital(name, metric.value);
  const value = name === 'CLS' ? metric.value.toFixed(3) : `${Math.round(metric.value)} ms`;
  console.info(`[web-vitals] ${name} ${value} (${rating})`, metric);
}

/** Measures the web vitals and logs each with its SPEC rating; the library loads off the critical path. */
export async function startWebVitals(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  onLCP(log);
  onINP(log);
  onCLS(log);
  onFCP(log);
  onTTFB(log);
}
