import { InsightsView } from '../features/insights';
import { useDocumentTitle } from '../features/layout';

export function InsightsPage() {
  useDocumentTitle('Insights');
  return <InsightsView />;
}
