import type { ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';

const reject = () => Promise.reject(new Error('not mocked'));

/** An auth context for component tests; override only what the test is about. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isAuthenticated: false,
    isLoading: false,
    user: null,
    profile: null,
    signIn: reject,
    signUp: reject,
    signOut: () => Promise.resolve(),
    sendVerificationEmail: reject,
    updateProfile: reject,
    ...overrides,
  };
}

export function WithAuth({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
