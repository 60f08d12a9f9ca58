import { GoalsView } from '../features/goals';
import { useDocumentTitle } from '../features/layout';
import { useTranslation } from 'react-i18next';

export function GoalsPage() {
  const { t } = useTranslation(['goals', 'metrics']);
  useDocumentTitle(t('title'));
  return <GoalsView />;
}
