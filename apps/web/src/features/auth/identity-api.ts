import type { LoginResult, ProfileUpdate, Session, UserProfile } from '@healthfolio/core';
import { apiGet, apiPost, apiPut } from '../../lib/api';

/** Calls of the embedded identity service (DESIGN.md "Identity") and the profile endpoints. */
export const identityPaths = {
  login: '/identity/login',
  signup: '/identity/signup',
  refresh: '/identity/refresh',
  logout: '/identity/logout',
  passwordReset: '/identity/password-reset',
  passwordResetConfirm: '/identity/password-reset/confirm',
  verificationSend: '/identity/verification/send',
  verificationConfirm: '/identity/verification/confirm',
} as const;

export const signIn = (email: string, password: string) =>
  apiPost<LoginResult>(identityPaths.login, { email, password });

export const signUp = (email: string, password: string, name: string) =>
  apiPost<Session>(identityPaths.signup, { email, password, name });

export const refreshSession = (refreshToken: string) =>
  apiPost<Session>(identityPaths.refresh, { refreshToken });

export const signOut = (refreshToken: string) => apiPost<unknown>(identityPaths.logout, { refreshToken });

export const requestPasswordReset = (email: string) =>
  apiPost<{ sent: boolean }>(identityPaths.passwordReset, { email });

export const confirmPasswordReset = (code: string, newPassword: string) =>
  apiPost<unknown>(identityPaths.passwordResetConfirm, { code, newPassword });

export const sendVerificationEmail = () => apiPost<unknown>(identityPaths.verificationSend);

export const confirmEmailVerification = (code: string) =>
  apiPost<unknown>(identityPaths.verificationConfirm, { code });

export const completeRegistration = (name: string) =>
  apiPost<unknown>('/auth/complete-registration', { name });

export const fetchProfile = () => apiGet<UserProfile>('/auth/me');

export const updateProfileRequest = (fields: ProfileUpdate) => apiPut<UserProfile>('/auth/profile', fields);
