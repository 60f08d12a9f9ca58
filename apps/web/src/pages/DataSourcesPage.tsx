import CableOutlined from '@mui/icons-material/CableOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ImportFile, ImportHistory, ImportsSection } from '../features/imports';
import { useDocumentTitle } from '../features/layout';
import { EmptyState } from '../features/layout/EmptyState';

export function DataSourcesPage() {
  useDocumentTitle('Sources');
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Sources
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Wearables, glucose monitors, labs, clinical records, nutrition apps and uploaded files.
      </Typography>
      <Stack spacing={3}>
        <ImportFile />
        <ImportsSection title="Import history">
          <ImportHistory />
        </ImportsSection>
        <EmptyState icon={<CableOutlined />} title="No sources connected yet">
          Connecting accounts such as Oura, Garmin or Dexcom arrives with the connector framework. Files can
          be imported now: drop an export above.
        </EmptyState>
      </Stack>
    </>
  );
}
