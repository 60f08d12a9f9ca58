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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../features/layout';
import { FeatureList, type Feature } from '../features/layout/FeatureList';

/** The landing page's feature cards: their icon and their words' key under `public:landing.features`. */
const features = [
  { icon: <DevicesOutlined />, key: 'devices' },
  { icon: <ScienceOutlined />, key: 'labs' },
  { icon: <UploadFileOutlined />, key: 'exports' },
  { icon: <InsightsOutlined />, key: 'insights' },
  { icon: <LockOutlined />, key: 'private' },
  { icon: <DnsOutlined />, key: 'selfHost' },
] as const;

export function LandingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle('');
  const cards: Feature[] = features.map(({ icon, key }) => ({
    icon,
    title: t(`landing.features.${key}.title`),
    text: t(`landing.features.${key}.text`),
  }));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={3} sx={{ maxWidth: 720, mb: { xs: 6, md: 8 } }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '2.2rem', md: '3rem' } }}
        >
          {t('landing.headline')}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          {t('landing.lead')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button component={RouterLink} to="/waitlist" variant="contained" size="large">
            {t('landing.joinWaitlist')}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            {t('landing.signIn')}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="h5" component="h2" gutterBottom>
        {t('landing.whatItDoes')}
      </Typography>
      <FeatureList features={cards} />
    </Container>
  );
}
