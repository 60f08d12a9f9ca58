import { toApiError } from '../../lib/api';

/** SPEC §8: the messages users see for identity errors, by flow. */
export type AuthFlow =
  'login' | 'signup' | 'passwordReset' | 'passwordResetConfirm' | 'verification' | 'verifyEmail';

export const NO_USER_LOGGED_IN = 'No user logged in';

const messages: Record<AuthFlow, Record<string, string>> = {
  login: {
    'auth/user-not-found': 'No account found with this email',
    'auth/wrong-password': 'Incorrect password',
    'auth/invalid-email': 'Invalid email address',
    'auth/too-many-requests': 'Too many failed attempts. Please try again later',
    'auth/invalid-credential': 'Incorrect email or password',
  },
  signup: {
    'auth/email-already-in-use': 'Email is already registered',
    'auth/weak-password': 'Password should be at least 6 characters',
    'auth/invalid-email': 'Invalid email address',
  },
  passwordReset: {
    'auth/user-not-found': 'No account found with this email',
    'auth/invalid-email': 'Invalid email address',
  },
  passwordResetConfirm: {
    'auth/weak-password': 'Password should be at least 6 characters',
    'auth/expired-action-code': 'This reset link has expired. Please request a new one.',
    'auth/invalid-action-code': 'This reset link is invalid or has already been used.',
  },
  verification: {
    'auth/no-current-user': NO_USER_LOGGED_IN,
    'auth/email-already-verified': 'Email is already verified',
    'auth/too-many-requests': 'Too many requests. Please try again later',
  },
  verifyEmail: {
    'auth/expired-action-code': 'This verification link has expired. Please request a new one.',
    'auth/invalid-action-code': 'This verification link is invalid or has already been used.',
    'auth/email-already-verified': 'Email is already verified',
  },
};

const fallbacks: Record<AuthFlow, string> = {
  login: 'Unknown error during login',
  signup: 'Unknown error during signup',
  passwordReset: 'Unknown error during password reset',
  passwordResetConfirm: 'Unknown error during password reset',
  verification: 'Unknown error during email verification',
  verifyEmail: 'Unknown error during email verification',
};

/** Maps an error code to its SPEC §8 message. Only login shows the server's own message for other codes. */
export function authErrorMessage(flow: AuthFlow, code: string, serverMessage?: string): string {
  const known = messages[flow][code];
  if (known) return known;
  if (flow === 'login' && serverMessage) return serverMessage;
  return fallbacks[flow];
}

/** Maps anything an identity call threw to the message the form shows. */
export function authErrorFrom(flow: AuthFlow, error: unknown): string {
  const { code, message } = toApiError(error);
  return authErrorMessage(flow, code, code === 'unknown' ? undefined : message);
}
