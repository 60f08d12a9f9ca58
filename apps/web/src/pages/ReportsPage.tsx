import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../features/layout';
import { ReportsView } from '../features/reports';

export function ReportsPage() {
  const { t } = useTranslation('reports');
  useDocumentTitle(t('title'));
  return <ReportsView />;
}
