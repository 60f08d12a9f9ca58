import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth';
import { ThemeToggle } from '../theme';
import { Footer } from './Footer';
import { ResponsiveLogo } from './Logo';
import { PageSpinner } from './PageSpinner';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/** Frame of the public pages: a slim top bar, the page, the footer. */
export function PublicLayout() {
  const { t } = useTranslation('layout');
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar>
          <Box component={RouterLink} to="/" sx={{ color: 'text.primary', textDecoration: 'none' }}>
            <ResponsiveLogo />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            component={RouterLink}
            to="/about"
            color="inherit"
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            {t('public.about')}
          </Button>
          <ThemeToggle />
          {isAuthenticated ? (
            <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ ml: 1 }}>
              {t('nav.dashboard')}
            </Button>
          ) : (
            pathname !== '/login' && (
              <Button component={RouterLink} to="/login" variant="contained" sx={{ ml: 1 }}>
                {t('public.signIn')}
              </Button>
            )
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
