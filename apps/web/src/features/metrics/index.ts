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
// Names of core's ids in the current language, for every area that shows a kind, category or unit word.
export { ageText, categoryLabel, kindLabel, unitWord, useMetricWords } from './words';
