/** Every error code the API answers with, and the HTTP status that goes with it. */
export const errorStatus = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  // Identity-provider codes the web client maps to SPEC §8 messages.
  'auth/invalid-email': 400,
  'auth/weak-password': 400,
  'auth/email-already-in-use': 409,
  'auth/invalid-credential': 401,
  'auth/user-not-found': 401,
  'auth/wrong-password': 401,
  'auth/too-many-requests': 429,
  'auth/expired-action-code': 400,
  'auth/invalid-action-code': 400,
  'auth/signup-disabled': 403,
  'auth/email-already-verified': 409,
  'auth/requires-recent-login': 401,
  'auth/no-current-user': 401,
  // Multi-factor sign-in (issue 24).
  'auth/invalid-verification-code': 400,
  'auth/mfa-session-expired': 401,
  'auth/step-up-required': 403,
  'auth/mfa-already-enrolled': 409,
  'auth/mfa-not-enrolled': 409,
  'auth/mfa-required': 409,
  'auth/passkey-failed': 400,
  'auth/insufficient-scope': 403,
  // Shares with a clinician (issue 23).
  'share/disabled': 403,
  'share/recipient-not-allowed': 403,
  'share/section-not-allowed': 403,
  'share/code-required': 403,
  'share/wrong-code': 403,
  'share/gone': 410,
  // Caregivers (issue 23): a request for a person outside the grant.
  'auth/not-permitted': 403,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}
