import type { MfaChallenge, ProfileUpdate, SessionUser, UserProfile } from '@healthfolio/core';
import { createContext, useContext } from 'react';

/** SPEC §3 auth state, plus the actions of the sign-in flows. */
export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  user: SessionUser | null;
  profile: UserProfile | null;
}

export interface AuthActions {
  /** Null once signed in; the challenge when a second factor is due (see MfaStep). */
  signIn: (email: string, password: string) => Promise<MfaChallenge | null>;
  signUp: (email: string, password: string, name: string) => Promise<void>;
  /** Ends the session locally even when the server call fails; the failure is rethrown. */
  signOut: () => Promise<void>;
  sendVerificationEmail: () => Promise<void>;
  updateProfile: (fields: ProfileUpdate) => Promise<UserProfile>;
}

export type AuthContextValue = AuthState & AuthActions;

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
