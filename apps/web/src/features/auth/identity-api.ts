import type { ProfileUpdate } from '@healthfolio/core';
import { api } from '../../lib/api';

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
  api.post('/api/identity/login', { body: { email, password } });

export const signUp = (email: string, password: string, name: string) =>
  api.post('/api/identity/signup', { body: { email, password, name } });

export const refreshSession = (refreshToken: string) =>
  api.post('/api/identity/refresh', { body: { refreshToken } });

export const signOut = (refreshToken: string) => api.post('/api/identity/logout', { body: { refreshToken } });

export const requestPasswordReset = (email: string) =>
  api.post('/api/identity/password-reset', { body: { email } });

export const confirmPasswordReset = (code: string, newPassword: string) =>
  api.post('/api/identity/password-reset/confirm', { body: { code, newPassword } });

export const sendVerificationEmail = () => api.post('/api/identity/verification/send');

export const confirmEmailVerification = (code: string) =>
  api.post('/api/identity/verification/confirm', { body: { code } });

export const completeRegistration = (name: string) =>
  api.post('/api/auth/complete-registration', { body: { name } });

export const fetchProfile = () => api.get('/api/auth/me');

export const updateProfileRequest = (fields: ProfileUpdate) => api.put('/api/auth/profile', { body: fields });
