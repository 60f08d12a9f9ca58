import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '../auth';
import { writeProfile } from './profile-writes';

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores the browser's time zone in the profile when none is set yet, so the server buckets the
 * user's days in their own zone. A zone the user chose in Settings is never overwritten.
 */
export function useBrowserTimeZone(): void {
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const userId = profile?.id;
  const unset = profile !== null && !profile.settings.preferences.timeZone;
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || !unset || tried.current === userId) return;
    const timeZone = browserTimeZone();
    if (!timeZone) return;
    tried.current = userId;
    writeProfile(queryClient, userId, { settings: { preferences: { timeZone } } }).catch((error: unknown) =>
      console.warn('Could not store the time zone', error),
    );
  }, [queryClient, userId, unset]);
}
