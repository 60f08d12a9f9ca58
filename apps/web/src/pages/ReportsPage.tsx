import { useDocumentTitle } from '../features/layout';
import { ReportsView } from '../features/reports';

export function ReportsPage() {
  useDocumentTitle('Reports');
  return <ReportsView />;
}
