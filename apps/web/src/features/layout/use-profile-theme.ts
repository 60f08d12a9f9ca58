import { useCallback, useEffect } from 'react';
import type { ThemeMode } from '../../app/theme';
import { useAuth } from '../auth';
import { useThemeMode } from '../theme';

/**
 * Applies the signed-in user's saved theme when their profile loads, and returns a callback that saves
 * a newly chosen mode to the profile, so it follows them to other devices. Saving is best effort.
 */
export function useProfileTheme(): (mode: ThemeMode) => void {
  const { profile, updateProfile } = useAuth();
  const { setMode } = useThemeMode();
  const savedTheme = profile?.settings.preferences.theme;
  const profileId = profile?.id;

  useEffect(() => {
    if (profileId && savedTheme) setMode(savedTheme);
  }, [profileId, savedTheme, setMode]);

  return useCallback(
    (mode: ThemeMode) => {
      updateProfile({ settings: { preferences: { theme: mode } } }).catch((error: unknown) => {
        console.warn('Could not save the theme preference', error);
      });
    },
    [updateProfile],
  );
}
