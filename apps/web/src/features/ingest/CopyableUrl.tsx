import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The ingest URL, selectable, with a button that copies it. */
export function CopyableUrl({ url }: { url: string }) {
  const { t } = useTranslation('ingest');
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    // Not every browser offers the clipboard (plain http on another host does not).
    if (!('clipboard' in navigator)) return setCopied(false);
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          component="code"
          data-testid="ingest-url"
          sx={{
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
            wordBreak: 'break-all',
            bgcolor: 'action.hover',
            px: 1,
            py: 0.5,
            borderRadius: 1,
            userSelect: 'all',
          }}
        >
          {url}
        </Box>
        <Button size="small" variant="outlined" startIcon={<ContentCopyOutlined />} onClick={copy}>
          {copied ? t('actions.copied') : t('copy.url')}
        </Button>
      </Stack>
      {copied === false && (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('copy.blocked')}
        </Typography>
      )}
    </Stack>
  );
}
