import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { curlExample, ownJsonExample } from './ingest-text';

const pre = {
  fontFamily: 'monospace',
  fontSize: '0.75rem',
  bgcolor: 'action.hover',
  p: 1,
  borderRadius: 1,
  overflowX: 'auto',
  m: 0,
} as const;

/** Our own JSON, for exporters and scripts that are not Health Auto Export, with a curl call to try. */
export function OwnJsonHelp({ url }: { url: string | null }) {
  const { t } = useTranslation('ingest');
  return (
    <Box component="section" aria-labelledby="own-json-title">
      <Typography id="own-json-title" variant="subtitle2" component="h3" gutterBottom>
        {t('json.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        <Trans t={t} i18nKey="json.body" components={{ code: <code /> }} />
      </Typography>
      <Box component="pre" sx={pre}>
        {ownJsonExample}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} gutterBottom>
        {t('json.try')}
      </Typography>
      <Box component="pre" sx={pre} data-testid="curl-example">
        {curlExample(url)}
      </Box>
    </Box>
  );
}
