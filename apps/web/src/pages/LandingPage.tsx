import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { FeatureList, type Feature } from '../features/layout/FeatureList';

const features: readonly Feature[] = [
  {
    icon: <DevicesOutlined />,
    title: 'Wearables and devices',
    text: 'Oura, Garmin, Whoop, Fitbit, Withings, Dexcom, Libre and more, side by side.',
  },
  {
    icon: <ScienceOutlined />,
    title: 'Labs and clinical records',
    text: 'Quest and LabCorp results, DEXA scans and FHIR records from Epic, Cerner, the VA and Medicare.',
  },
  {
    icon: <UploadFileOutlined />,
    title: 'Bring your exports',
    text: 'Import an Apple Health export, a CSV or a lab PDF; imports never count the same data twice.',
  },
  {
    icon: <InsightsOutlined />,
    title: 'Insights you can check',
    text: 'Trends and anomalies against your own baseline, each showing the data it rests on.',
  },
  {
    icon: <LockOutlined />,
    title: 'Private by design',
    text: 'No ads, no selling, no tracking. Your data stays on the server you choose.',
  },
  {
    icon: <DnsOutlined />,
    title: 'Self-hostable',
    text: 'One command starts it on your own machine; PostgreSQL when you outgrow the built-in database.',
  },
];

export function LandingPage() {
  useDocumentTitle('');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={3} sx={{ maxWidth: 720, mb: { xs: 6, md: 8 } }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2.2rem', md: '3rem' } }}
        >
          All your health data. One private place.
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          Healthfolio brings your wearables, glucose monitor, lab results, clinical records and nutrition logs
          together, on a server you control.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to="/waitlist" variant="contained" size="large">
            Join the waitlist
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            Sign in
          </Button>
        </Stack>
      </Stack>
      <Typography variant="h5" component="h2" gutterBottom>
        What Healthfolio does
      </Typography>
      <FeatureList features={features} />
    </Container>
  );
}
