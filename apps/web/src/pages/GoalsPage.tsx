import { ComingSoonPage } from '../features/layout/ComingSoonPage';

export function GoalsPage() {
  return (
    <ComingSoonPage
      title="Goals"
      description="Set targets for sleep, activity, weight or lab values and follow your progress toward them."
    />
  );
}
