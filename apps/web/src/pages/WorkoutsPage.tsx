import { useDocumentTitle } from '../features/layout';
import { WorkoutsView } from '../features/workouts/WorkoutsView';
import { useTranslation } from 'react-i18next';

/** `/workouts`: the person's workouts by date. */
export function WorkoutsPage() {
  const { t } = useTranslation('workouts');
  useDocumentTitle(t('title'));
  return <WorkoutsView />;
}
