import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-errors';

describe('authErrorMessage (SPEC §8)', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email'],
    ['auth/wrong-password', 'Incorrect password'],
    ['auth/invalid-email', 'Invalid email address'],
    ['auth/too-many-requests', 'Too many failed attempts. Please try again later'],
    ['auth/invalid-credential', 'Incorrect email or password'],
  ])('login %s', (code, message) => {
    expect(authErrorMessage('login', code)).toBe(message);
  });

  it('login falls back to the server message, then to the generic one', () => {
    expect(authErrorMessage('login', 'internal', 'Database unavailable')).toBe('Database unavailable');
    expect(authErrorMessage('login', 'internal')).toBe('Unknown error during login');
  });

  it.each([
    ['auth/email-already-in-use', 'Email is already registered'],
    ['auth/weak-password', 'Password should be at least 6 characters'],
    ['auth/invalid-email', 'Invalid email address'],
    ['auth/signup-disabled', 'Unknown error during signup'],
  ])('signup %s', (code, message) => {
    expect(authErrorMessage('signup', code, 'server text')).toBe(message);
  });

  it.each([
    ['auth/user-not-found', 'No account found with this email'],
    ['auth/invalid-email', 'Invalid email address'],
    ['internal', 'Unknown error during password reset'],
  ])('password reset %s', (code, message) => {
    expect(authErrorMessage('passwordReset', code, 'server text')).toBe(message);
  });

  it.each([
    ['auth/no-current-user', 'No user logged in'],
    ['auth/email-already-verified', 'Email is already verified'],
    ['auth/too-many-requests', 'Too many requests. Please try again later'],
    ['internal', 'Unknown error during email verification'],
  ])('resend verification %s', (code, message) => {
    expect(authErrorMessage('verification', code, 'server text')).toBe(message);
  });
});
