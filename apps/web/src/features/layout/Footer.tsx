import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const POSTAL_ADDRESS = 'Healthfolio, 548 Market St, San Francisco, CA 94104';
export const CONTACT_EMAILS = [
  'support@healthfolio.app',
  'partnerships@healthfolio.app',
  'investors@healthfolio.app',
] as const;

const legalLinks = [
  { labelKey: 'privacy', href: '/privacy-policy.html' },
  { labelKey: 'terms', href: '/terms-of-service.html' },
] as const;

export function Footer() {
  const { t } = useTranslation('layout');
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 2, sm: 3 }, py: 3, bgcolor: 'background.paper' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="subtitle2" component="p">
            Healthfolio
          </Typography>
          <Typography variant="body2" color="text.secondary" component="address" sx={{ fontStyle: 'normal' }}>
            {POSTAL_ADDRESS}
          </Typography>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          component="nav"
          aria-label={t('footer.contact')}
        >
          {CONTACT_EMAILS.map((email) => (
            <Link key={email} href={`mailto:${email}`} variant="body2">
              {email}
            </Link>
          ))}
        </Stack>
        <Stack direction="row" spacing={2} component="nav" aria-label={t('footer.legal')}>
          {legalLinks.map((link) => (
            <Link key={link.href} href={link.href} target="_blank" rel="noopener noreferrer" variant="body2">
              {t(`footer.${link.labelKey}`)}
            </Link>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
