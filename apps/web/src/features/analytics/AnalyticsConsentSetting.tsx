import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { readConsent, storeConsent, subscribeConsent } from './consent';

/**
 * Settings → Privacy: the answer given to the analytics banner (SPEC §9), and the way to change it. A
 * person who allowed page views can withdraw here; from then on nothing is sent from this browser (the
 * running app stops at once, see Analytics.tsx). Shown only on a server with a measurement id.
 */
export function AnalyticsConsentSetting() {
  const { t } = useTranslation('analytics');
  const { data: config } = useQuery({
    queryKey: ['analytics-config'],
    queryFn: () => api.get('/api/analytics'),
    staleTime: Infinity,
  });
  const consent = useSyncExternalStore(subscribeConsent, readConsent);
  if (!config?.enabled) return null;
  const granted = consent === 'granted';
  return (
    <Stack
      component="section"
      aria-labelledby="analytics-setting-title"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <Typography id="analytics-setting-title" variant="subtitle1" component="h3">
        {t('setting.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="analytics-consent-state">
        {granted ? t('setting.granted') : t('setting.denied')}
      </Typography>
      {granted ? (
        <Button variant="outlined" onClick={() => storeConsent('denied')}>
          {t('setting.withdraw')}
        </Button>
      ) : (
        <Button onClick={() => storeConsent('granted')}>{t('setting.allow')}</Button>
      )}
    </Stack>
  );
}
