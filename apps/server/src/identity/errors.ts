import { z } from 'zod';
import { AppError } from '../http/errors';

/** The identity errors, with the exact texts of SPEC §8 where the SPEC gives one. */
export const identityErrors = {
  invalidEmail: () => new AppError('auth/invalid-email', 'Invalid email address'),
  invalidCredential: () => new AppError('auth/invalid-credential', 'Incorrect email or password'),
  userNotFound: () => new AppError('auth/user-not-found', 'No account found with this email'),
  wrongPassword: (status?: number) =>
    new AppError('auth/wrong-password', 'Incorrect password', status ? { status } : {}),
  emailInUse: () => new AppError('auth/email-already-in-use', 'Email is already registered'),
  signupDisabled: () =>
    new AppError('auth/signup-disabled', 'Sign-up is disabled on this server. Join the waitlist instead.'),
  alreadyVerified: () => new AppError('auth/email-already-verified', 'Email is already verified'),
  invalidCode: () =>
    new AppError('auth/invalid-action-code', 'This link is invalid or has already been used.'),
  expiredCode: () =>
    new AppError('auth/expired-action-code', 'This link has expired. Please request a new one.'),
  sessionExpired: () => new AppError('unauthorized', 'Your session has expired. Please sign in again.'),
  tooMany: (message: string, retryAfterSeconds: number) =>
    new AppError('auth/too-many-requests', message, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
};

/** SPEC §8 distinguishes the two 429 texts: login's, and the one for mails and everything else. */
export const TOO_MANY_LOGINS = 'Too many failed attempts. Please try again later';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later';

const emailFormat = z.email();

/** Emails arrive trimmed and lower-cased by the contract; anything not shaped like an address is refused. */
export function assertEmail(email: string): string {
  if (!emailFormat.safeParse(email).success) throw identityErrors.invalidEmail();
  return email;
}
