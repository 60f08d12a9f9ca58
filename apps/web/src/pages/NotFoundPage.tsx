import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../features/layout';

export function NotFoundPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('notFound.title'));
  return (
    <Box sx={{ textAlign: 'center', px: 2, py: { xs: 6, md: 10 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
