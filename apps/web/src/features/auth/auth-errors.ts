import { i18n } from '../../i18n';
import { toApiError } from '../../lib/api';

/** SPEC §8: the messages users see for identity errors, by flow (words in `common:authErrors`). */
export type AuthFlow =
  'login' | 'signup' | 'passwordReset' | 'passwordResetConfirm' | 'verification' | 'verifyEmail';

/** The client's own message for "no one is signed in" (an AuthError's message, not shown as is). */
export const NO_USER_LOGGED_IN = 'No user logged in';

/** Per flow, the error codes it names, as the key of their sentence under `common:authErrors.<flow>`. */
const messages: Record<AuthFlow, Record<string, string>> = {
  login: {
    'auth/user-not-found': 'userNotFound',
    'auth/wrong-password': 'wrongPassword',
    'auth/invalid-email': 'invalidEmail',
    'auth/too-many-requests': 'tooManyAttempts',
    'auth/invalid-credential': 'invalidCredential',
  },
  signup: {
    'auth/email-already-in-use': 'emailInUse',
    'auth/weak-password': 'weakPassword',
    'auth/invalid-email': 'invalidEmail',
  },
  passwordReset: {
    'auth/user-not-found': 'userNotFound',
    'auth/invalid-email': 'invalidEmail',
  },
  passwordResetConfirm: {
    'auth/weak-password': 'weakPassword',
    'auth/expired-action-code': 'resetExpired',
    'auth/invalid-action-code': 'resetInvalid',
  },
  verification: {
    'auth/no-current-user': 'noUser',
    'auth/email-already-verified': 'alreadyVerified',
    'auth/too-many-requests': 'tooManyRequests',
  },
  verifyEmail: {
    'auth/expired-action-code': 'verifyExpired',
    'auth/invalid-action-code': 'verifyInvalid',
    'auth/email-already-verified': 'alreadyVerified',
  },
};

/** Maps an error code to its SPEC §8 message. Only login shows the server's own message for other codes. */
export function authErrorMessage(flow: AuthFlow, code: string, serverMessage?: string): string {
  const known = messages[flow][code];
  if (known) return i18n.t(`common:authErrors.${known}`);
  if (flow === 'login' && serverMessage) return serverMessage;
  return i18n.t(`common:authErrors.unknown.${flow}`);
}

/** Maps anything an identity call threw to the message the form shows. */
export function authErrorFrom(flow: AuthFlow, error: unknown): string {
  const { code, message } = toApiError(error);
  return authErrorMessage(flow, code, code === 'unknown' ? undefined : message);
}
