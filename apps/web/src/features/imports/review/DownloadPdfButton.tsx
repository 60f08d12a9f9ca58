import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ImportJob } from '@healthfolio/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toApiError } from '../../../lib/api';
import { loadReportDocument } from './queries';

/** Saves bytes under a name through a blob URL; the URL lives a minute, long enough for the browser. */
function saveAs(bytes: ArrayBuffer, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = /\.pdf$/i.test(fileName) ? fileName : `${fileName}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Download original PDF": the report as uploaded. The file needs the session's token, so it is fetched
 * by the API client (or taken from the review's cache) rather than linked.
 */
export function DownloadPdfButton({ job }: { job: Pick<ImportJob, 'id' | 'documentUrl' | 'fileName'> }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    setBusy(true);
    setError(null);
    loadReportDocument(client, job)
      .then(
        (bytes) => saveAs(bytes, job.fileName),
        (e: unknown) => setError(toApiError(e).message),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Box>
      <Button size="small" startIcon={<FileDownloadOutlined />} disabled={busy} onClick={download}>
        Download original PDF
      </Button>
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}
