import { ComingSoonPage } from '../features/layout/ComingSoonPage';

export function ReportsPage() {
  return (
    <ComingSoonPage
      title="Reports"
      description="Printable summaries of your metrics and lab history to bring to your next appointment."
    />
  );
}
