import { ComingSoonPage } from '../features/layout/ComingSoonPage';

export function InsightsPage() {
  return (
    <ComingSoonPage
      title="Insights"
      description="Trends, anomalies against your own baseline and correlations between your metrics, each showing the data it rests on."
    />
  );
}
