import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { useDocumentTitle } from './use-document-title';

/** The placeholder of a section the menu lists as "Coming Soon". */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation('layout');
  useDocumentTitle(title);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <EmptyState icon={<HourglassEmptyOutlined />} title={t('comingSoon')}>
        {description}
      </EmptyState>
    </>
  );
}
