// The Dashboard's building blocks; imported only by the lazily loaded DashboardPage.
export { AddMeasurementDialog } from './AddMeasurementDialog';
export { DashboardSkeleton } from './DashboardSkeleton';
export { MetricGroups } from './MetricGroups';
export { metricsKeys, useAddMeasurement, useMetricsSummary, useMetricSeries, useMetricsWhy } from './queries';
export { useUnitSystem } from './use-unit-system';
