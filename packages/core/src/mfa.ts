import { z } from 'zod';
import { sessionSchema } from './identity';

/** Second factors a sign-in can finish with (DESIGN "Contracts added for issues 10–16", MFA). */
export const mfaMethodSchema = z.enum(['totp', 'webauthn', 'recovery']);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** How long a sign-in waits for its second factor, and how long a verified factor counts as fresh. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
export const STEP_UP_TTL_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

/**
 * The password was right and a second factor is due. `enrollmentRequired`: the server requires MFA
 * (REQUIRE_MFA) and the account has no factor yet — the challenge then enrols TOTP
 * (`mfa/totp/enroll` and `mfa/totp/confirm` with `{challenge}`), and confirming signs in.
 */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(mfaMethodSchema),
  enrollmentRequired: z.boolean().optional(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const loginResultSchema = z.union([sessionSchema, mfaChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

const code = z.string().trim().min(1).max(64);
const challenge = z.string().min(1).max(128);

export const mfaVerifyRequestSchema = z.object({ challenge, code });

/** Either a bearer token (a signed-in user adding TOTP) or the `enroll` challenge of a sign-in under REQUIRE_MFA. */
export const totpEnrollRequestSchema = z.object({ challenge: challenge.optional() }).optional();
export const totpEnrollmentSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: a `data:image/svg+xml` URL. */
  qrCode: z.string(),
});
export type TotpEnrollment = z.infer<typeof totpEnrollmentSchema>;

export const totpConfirmRequestSchema = z.object({ code, challenge: challenge.optional() });
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()),
  /** Only when the confirmation finished a sign-in (REQUIRE_MFA enrolment). */
  session: sessionSchema.optional(),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  /** The operator requires a second factor on every account (REQUIRE_MFA). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** Step-up: a code (TOTP or recovery) when the account has TOTP, otherwise the password. */
export const stepUpRequestSchema = z.object({
  code: code.optional(),
  password: z.string().max(1024).optional(),
});
export const stepUpSchema = z.object({ freshUntil: z.string() });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** `multiDevice` (synced, e.g. iCloud Keychain) or `singleDevice` (a security key). */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyNameSchema = z.object({ name: z.string().trim().min(1).max(100) });

/** A browser's WebAuthn JSON (as @simplewebauthn/browser hands it over); checked in depth by the server library. */
const credentialJson = z.looseObject({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().optional(),
});
/** What the client sends as a credential. */
export type CredentialJson = z.input<typeof credentialJson>;

export const passkeyRegisterVerifySchema = z.object({
  response: credentialJson,
  name: z.string().trim().max(100).optional(),
});
/** Without `challenge`: a passkey alone (discoverable). With the login `challenge`: the second factor. */
export const passkeyLoginOptionsSchema = z.object({ challenge: challenge.optional() }).optional();
export const passkeyLoginVerifySchema = z.object({ response: credentialJson });
/** WebAuthn options JSON, handed to the browser as they are. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

/** `/webauthn/credentials/:id`: a passkey's id. */
export const passkeyIdParamsSchema = z.object({ id: z.string().max(100) });
/** `GET /api/identity/webauthn/credentials`. */
export const passkeyListSchema = z.array(passkeySchema);
/** `DELETE /api/identity/webauthn/credentials/:id`. */
export const passkeyDeletedSchema = z.object({ deleted: z.literal(true) });
