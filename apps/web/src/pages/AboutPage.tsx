import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../features/layout';
import { FeatureList, type Feature } from '../features/layout/FeatureList';

const values: readonly Feature[] = [
  {
    icon: <HomeOutlined />,
    title: 'Yours to host',
    text: 'Run Healthfolio on a home server, a NAS or a small cloud machine. Your records live in your database, not ours.',
  },
  {
    icon: <ShieldOutlined />,
    title: 'Private first',
    text: 'Provider tokens are encrypted at rest, nothing is sold or shared, and you can export or delete everything at any time.',
  },
  {
    icon: <FavoriteBorderOutlined />,
    title: 'The whole picture',
    text: 'Sleep next to glucose, training load next to resting heart rate, lab trends across years — in one place.',
  },
];

export function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        About Healthfolio
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Your health data is scattered: a ring tracks your sleep, a watch your runs, a sensor your glucose, a
        lab portal your cholesterol and a hospital portal your visits. Each app shows its own slice, and none
        of them shows the whole of you.
      </Typography>
      <Typography sx={{ mb: 4 }}>
        Healthfolio is a self-hostable personal health record that gathers all of it into one private place,
        turns it into clear metrics over time, and points out what changed — always showing the data behind a
        finding, so you can check it yourself or bring it to your doctor.
      </Typography>
      <FeatureList features={values} />
      <Typography variant="h5" component="h2" sx={{ mt: 5 }} gutterBottom>
        Get in touch
      </Typography>
      <Typography>
        Questions or feedback? Write to{' '}
        <Link href="mailto:support@healthfolio.app">support@healthfolio.app</Link>. Healthfolio is not a
        medical device and does not give medical advice.
      </Typography>
    </Container>
  );
}
