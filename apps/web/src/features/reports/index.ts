export { ReportsView } from './ReportsView';
export { ReportDocument } from './ReportDocument';
export { HealthScoreCard } from './HealthScoreCard';
export { useReportContent } from './queries';
