import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../features/layout';
import { FeatureList, type Feature } from '../features/layout/FeatureList';

/** The about page's value cards: their icon and their words' key under `public:about.values`. */
const values = [
  { icon: <HomeOutlined />, key: 'host' },
  { icon: <ShieldOutlined />, key: 'private' },
  { icon: <FavoriteBorderOutlined />, key: 'whole' },
] as const;

export function AboutPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('about.documentTitle'));
  const cards: Feature[] = values.map(({ icon, key }) => ({
    icon,
    title: t(`about.values.${key}.title`),
    text: t(`about.values.${key}.text`),
  }));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('about.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('about.scattered')}</Typography>
      <Typography sx={{ mb: 4 }}>{t('about.what')}</Typography>
      <FeatureList features={cards} />
      <Typography variant="h5" component="h2" sx={{ mt: 5 }} gutterBottom>
        {t('about.contactTitle')}
      </Typography>
      <Typography>
        <Trans
          t={t}
          i18nKey="about.contact"
          values={{ email: 'support@healthfolio.app' }}
          components={{ mail: <Link href="mailto:support@healthfolio.app" /> }}
        />
      </Typography>
    </Container>
  );
}
