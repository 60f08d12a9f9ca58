import { useDocumentTitle } from '../features/layout';
import { WorkoutsView } from '../features/workouts/WorkoutsView';

/** `/workouts`: the person's workouts by date. */
export function WorkoutsPage() {
  useDocumentTitle('Workouts');
  return <WorkoutsView />;
}
