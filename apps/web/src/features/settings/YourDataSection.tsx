import type { ExportFormat } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { downloadExport } from './download-export';
import { exportFormatOptions } from './settings-api';
import { SettingsSection } from './SettingsSection';

/** Export everything, or delete the account. */
export function YourDataSection({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<ExportFormat>('json');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const runExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadExport(format);
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    } catch (error) {
      console.warn('Export failed', error);
      setExportError(t('yourData.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SettingsSection title={t('yourData.title')}>
      <FormControl>
        <FormLabel id="export-format-label">{t('yourData.format')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="export-format-label"
          value={format}
          onChange={(_, value) => {
            const chosen = exportFormatOptions.find((option) => option.value === value);
            if (chosen) setFormat(chosen.value);
          }}
        >
          {exportFormatOptions.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              control={<Radio />}
              label={t(`yourData.formats.${option.value}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <div>
        <Button variant="contained" disabled={exporting} onClick={() => void runExport()}>
          {exporting ? t('yourData.exporting') : t('yourData.export')}
        </Button>
      </div>
      {exportError && <Alert severity="error">{exportError}</Alert>}
      <Stack spacing={1} sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3">
          {t('yourData.deleteTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('yourData.deleteDescription')}
        </Typography>
        <div>
          <Button color="error" variant="outlined" onClick={() => setDeleteOpen(true)}>
            {t('yourData.deleteTitle')}
          </Button>
        </div>
      </Stack>
      <DeleteAccountDialog email={email} open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </SettingsSection>
  );
}
