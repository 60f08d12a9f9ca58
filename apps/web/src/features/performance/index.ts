export { startWebVitals } from './web-vitals';
export { schedulePerformanceReport } from './performance-report';
export { VITAL_THRESHOLDS, PERFORMANCE_REPORT_DELAY_MS, rateVital } from './thresholds';
