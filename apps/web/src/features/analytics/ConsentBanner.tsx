import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Consent } from './consent';

/** Asks once per browser whether page views may be counted (SPEC §9); nothing is sent before "Allow". */
export default function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  const { t } = useTranslation('analytics');
  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby="analytics-consent-title"
      elevation={6}
      sx={{
        position: 'fixed',
        insetInline: { xs: 8, sm: 'auto' },
        right: { sm: 16 },
        bottom: { xs: 8, sm: 16 },
        maxWidth: { sm: 440 },
        p: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Typography id="analytics-consent-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('banner.title')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('banner.body')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={() => onAnswer('denied')}>{t('banner.decline')}</Button>
        <Button variant="contained" onClick={() => onAnswer('granted')}>
          {t('banner.allow')}
        </Button>
      </Stack>
    </Paper>
  );
}
