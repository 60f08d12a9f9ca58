import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { uploadText } from './import-text';
import type { UploadProgress } from './queries';

/** The file on its way to the server: "Uploading clarity.csv — 42 %". */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation('imports');
  const text = uploadText(progress.fileName, progress.share);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }} aria-live="polite">
        {text}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round(progress.share * 100)}
        aria-label={t('progress.upload')}
      />
    </Box>
  );
}
