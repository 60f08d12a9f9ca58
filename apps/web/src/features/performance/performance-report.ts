import { PERFORMANCE_REPORT_DELAY_MS } from './thresholds';

export interface PerformanceReport {
  dnsMs: number;
  connectMs: number;
  ttfbMs: number;
  responseMs: number;
  domInteractiveMs: number;
  domContentLoadedMs: number;
  loadMs: number;
  transferKb: number;
  scriptCount: number;
}

export function buildPerformanceReport(): PerformanceReport | null {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!nav) return null;
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'),
  );
  const round = (ms: number) => Math.round(ms);
  return {
    dnsMs: round(nav.domainLookupEnd - nav.domainLookupStart),
    connectMs: round(nav.connectEnd - nav.connectStart),
    ttfbMs: round(nav.responseStart - nav.requestStart),
    responseMs: round(nav.responseEnd - nav.responseStart),
    domInteractiveMs: round(nav.domInteractive),
    domContentLoadedMs: round(nav.domContentLoadedEventEnd),
    loadMs: round(nav.loadEventEnd),
    transferKb: Math.round(
      [nav, ...scripts].reduce((total, entry) => total + (entry.transferSize || 0), 0) / 1024,
    ),
    scriptCount: scripts.length,
  };
}

/** SPEC §9: log a navigation-timing summary 5 s after start. */
export function schedulePerformanceReport(): void {
  setTimeout(() => {
    const report = buildPerformanceReport();
    if (report) console.info('[performance] report', report);
  }, PERFORMANCE_REPORT_DELAY_MS);
}
