import { GoalsView } from '../features/goals';
import { useDocumentTitle } from '../features/layout';

export function GoalsPage() {
  useDocumentTitle('Goals');
  return <GoalsView />;
}
