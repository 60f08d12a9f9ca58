import type { ProfileUpdate, UserProfile } from '@healthfolio/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { fallbackProfile } from '@healthfolio/core/defaults';
import { AuthContext, type AuthContextValue } from './auth-context';
import { NO_USER_LOGGED_IN } from './auth-errors';
import { AuthError } from './auth-error';
import * as identity from './identity-api';
import { isMfaChallenge } from './mfa-api';
import { isAccessTokenExpired } from './session-expiry';
import { clearSession, readSession, subscribeSession, toStoredSession, writeSession } from './session-store';
import { useTokenRefresh } from './use-token-refresh';
import { useFollowLanguage } from '../../i18n/use-follow-language';

export const profileQueryKey = (userId: string) => ['profile', userId] as const;

/** The signed-in user's profile (`GET /api/auth/me`), also fetched at start-up for a stored session. */
export const profileQueryOptions = (user: { id: string; email: string } | null) =>
  queryOptions({
    queryKey: profileQueryKey(user?.id ?? 'anonymous'),
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<UserProfile> => {
      try {
        return await identity.fetchProfile();
      } catch {
        // SPEC §8: a failed profile fetch falls back to a locally built profile.
        return fallbackProfile(user ?? { id: '', email: '' });
      }
    },
  });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(subscribeSession, readSession, () => null);
  useTokenRefresh(session);

  // An expired token at start-up waits for the refresh before anything is shown as signed in.
  const expired = session !== null && isAccessTokenExpired(session);
  const user = session?.user ?? null;

  const profileQuery = useQuery({ ...profileQueryOptions(user), enabled: user !== null && !expired });

  const signIn = useCallback(async (email: string, password: string) => {
    const result = await identity.signIn(email, password);
    if (isMfaChallenge(result)) return result;
    writeSession(toStoredSession(result));
    return null;
  }, []);

  const signUp = useCallback(
    async (email: string, password: string, name: string) => {
      writeSession(toStoredSession(await identity.signUp(email, password, name)));
      // SPEC §4: sign-up sends the verification email. Failing to send must not fail the sign-up;
      // Settings offers to send it again.
      try {
        await identity.sendVerificationEmail();
      } catch (error) {
        console.error('Sending the verification email failed', error);
      }
      try {
        await identity.completeRegistration(name);
      } catch (error) {
        // The account exists and the user is signed in; a missing display name must not strand them.
        console.error('Completing the registration failed', error);
      }
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const current = readSession();
    try {
      if (current) await identity.signOut(current.refreshToken);
    } finally {
      clearSession();
      queryClient.clear();
    }
  }, [queryClient]);

  const profile = profileQuery.data ?? null;
  useFollowLanguage(profile?.settings.preferences.language);

  const sendVerificationEmail = useCallback(async () => {
    if (!readSession()) throw new AuthError('auth/no-current-user', NO_USER_LOGGED_IN);
    if (profile?.emailVerified)
      throw new AuthError('auth/email-already-verified', 'Email is already verified');
    await identity.sendVerificationEmail();
  }, [profile?.emailVerified]);

  const updateProfile = useCallback(
    async (fields: ProfileUpdate) => {
      const current = readSession();
      if (!current) throw new AuthError('auth/no-current-user', NO_USER_LOGGED_IN);
      const updated = await identity.updateProfileRequest(fields);
      queryClient.setQueryData(profileQueryKey(current.user.id), updated);
      return updated;
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated: session !== null && !expired,
      isLoading: expired || (user !== null && profileQuery.isPending),
      user,
      profile,
      signIn,
      signUp,
      signOut,
      sendVerificationEmail,
      updateProfile,
    }),
    [
      session,
      expired,
      user,
      profile,
      profileQuery.isPending,
      signIn,
      signUp,
      signOut,
      sendVerificationEmail,
      updateProfile,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
