import CableOutlined from '@mui/icons-material/CableOutlined';
import Typography from '@mui/material/Typography';
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
      <EmptyState icon={<CableOutlined />} title="No sources connected yet">
        Connecting sources arrives with the connector framework: you will be able to link Oura, Garmin, Dexcom
        and more, or import an Apple Health export, a FHIR bundle or a lab PDF.
      </EmptyState>
    </>
  );
}
