import { useTranslation } from 'react-i18next';
import { InsightsView } from '../features/insights';
import { useDocumentTitle } from '../features/layout';

export function InsightsPage() {
  const { t } = useTranslation('insights');
  useDocumentTitle(t('title'));
  return <InsightsView />;
}
