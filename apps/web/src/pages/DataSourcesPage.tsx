import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { ImportFile, ImportHistory, ImportsSection } from '../features/imports';
import { useDocumentTitle } from '../features/layout';
import { SourcesSection } from '../features/sources';

export function DataSourcesPage() {
  useDocumentTitle('Sources');
  const dropZone = useRef<HTMLDivElement>(null);
  // "No account? Import your Oura export instead": to the drop zone, with focus for keyboard users.
  const toDropZone = () => {
    const target = dropZone.current;
    if (!target) return;
    target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Sources
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Wearables, glucose monitors, labs, clinical records, nutrition apps and uploaded files.
      </Typography>
      <Stack spacing={3}>
        <SourcesSection onImportInstead={toDropZone} />
        <Box ref={dropZone} id="import-a-file" tabIndex={-1} sx={{ outline: 'none', scrollMarginTop: 72 }}>
          <ImportFile />
        </Box>
        <ImportsSection title="Import history">
          <ImportHistory />
        </ImportsSection>
      </Stack>
    </>
  );
}
