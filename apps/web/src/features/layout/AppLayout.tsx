import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { preloadAllNamespaces } from '../../i18n';
import { useAuth } from '../auth';
import { ActingPersonProvider, ViewingBanner } from '../caregivers';
import { useIdleSignOut } from '../auth/use-idle-sign-out';
import { useBrowserTimeZone } from '../settings/use-browser-time-zone';
import { Footer } from './Footer';
import { NavDrawer } from './NavDrawer';
import { PageSpinner } from './PageSpinner';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import { useProfileTheme } from './use-profile-theme';

/** The shared layout of the protected routes (SPEC §2). */
export function AppLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { signOut, profile } = useAuth();
  const navigate = useNavigate();
  const persistTheme = useProfileTheme();
  useBrowserTimeZone();
  // Every page's words at once, in parallel, instead of one component's namespace after another.
  useEffect(() => {
    void preloadAllNamespaces();
  }, []);

  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('Logout failed', error);
    }
    navigate('/login', { replace: true });
  };
  useIdleSignOut(profile?.settings.privacy.autoSignOutMinutes ?? 0, () => void logout());

  return (
    // Whose data is on screen: the own, or a person the user cares for (features/caregivers).
    <ActingPersonProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink />
        <TopBar
          onOpenNavigation={() => setMobileOpen(true)}
          onLogout={() => void logout()}
          onThemeChange={persistTheme}
        />
        <NavDrawer mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          <Box
            component="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}
          >
            <ViewingBanner />
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
          <Footer />
        </Box>
      </Box>
    </ActingPersonProvider>
  );
}
