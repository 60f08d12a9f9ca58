import { useParams } from 'react-router';
import { WorkoutDetailView } from '../features/workouts/WorkoutDetailView';

/** `/workouts/:id`: one workout; keyed by id so another workout's page starts afresh. */
export function WorkoutDetailPage() {
  const { id = '' } = useParams();
  return <WorkoutDetailView key={id} id={Number(id)} />;
}
