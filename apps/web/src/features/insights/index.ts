// The Insights page and the Dashboard's panel; imported only by the lazily loaded pages.
export { InsightsPanel } from './InsightsPanel';
export { InsightsView } from './InsightsView';
