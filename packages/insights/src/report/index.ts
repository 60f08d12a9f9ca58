export { summarisePeriod, type PeriodSummary, type WeeklyMean } from './weekly';
