// The Dashboard's building blocks; imported only by the lazily loaded DashboardPage.
export { AddMeasurementDialog } from './AddMeasurementDialog';
export { DashboardSkeleton } from './DashboardSkeleton';
export { MetricGroups } from './MetricGroups';
export {
  metricsKeys,
  useAddMeasurement,
  useMetricsOverview,
  useMetricsSummary,
  useMetricSeries,
  useMetricsWhy,
} from './queries';
export { TodayOverview } from './overview/TodayOverview';
export { useUnitSystem } from './use-unit-system';
