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
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { downloadExport } from './download-export';
import { exportFormatOptions } from './settings-api';
import { SettingsSection } from './SettingsSection';

/** Export everything, or delete the account. */
export function YourDataSection({ email }: { email: string }) {
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
      setExportError('Could not export your data. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <SettingsSection title="Your data">
      <FormControl>
        <FormLabel id="export-format-label">Export format</FormLabel>
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
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <div>
        <Button variant="contained" disabled={exporting} onClick={() => void runExport()}>
          {exporting ? 'Preparing export…' : 'Export my data'}
        </Button>
      </div>
      {exportError && <Alert severity="error">{exportError}</Alert>}
      <Stack spacing={1} sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3">
          Delete account
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Deletes your profile, settings, all health data and sources, and uploaded files. This cannot be
          undone.
        </Typography>
        <div>
          <Button color="error" variant="outlined" onClick={() => setDeleteOpen(true)}>
            Delete account
          </Button>
        </div>
      </Stack>
      <DeleteAccountDialog email={email} open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </SettingsSection>
  );
}
