import { z } from 'zod';

/** `POST /identity/password-reset` and `/verification/send`: always the same answer, whoever asked. */
export const mailSentSchema = z.object({ sent: z.literal(true) });
export type MailSent = z.infer<typeof mailSentSchema>;

/** `POST /identity/password-reset/confirm` and `/verification/confirm`. */
export const actionCodeResultSchema = z.object({ email: z.string(), emailVerified: z.boolean() });
export type ActionCodeResult = z.infer<typeof actionCodeResultSchema>;

export const signedOutSchema = z.object({ signedOut: z.literal(true) });
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

/** Security events written to the append-only audit log. */
export const auditEvents = [
  'signup',
  'login.success',
  'login.failure',
  'login.locked',
  'logout',
  'refresh.reuse-detected',
  'password.changed',
  'password.reset-requested',
  'password.reset',
  'email.verification-sent',
  'email.verified',
  'export',
  'mfa.totp-enabled',
  'mfa.totp-disabled',
  'mfa.recovery-used',
  'mfa.recovery-regenerated',
  'mfa.failure',
  'mfa.step-up',
  'passkey.added',
  'passkey.removed',
  'login.passkey',
  'token.created',
  'token.revoked',
  'token.used',
  'mcp.call',
  'caregiver.invited',
  'caregiver.accepted',
  'caregiver.revoked',
  'caregiver.access',
] as const;
export type AuditEvent = (typeof auditEvents)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Keyset cursor: entries with an id below this one. */
  before: z.coerce.number().int().positive().optional(),
});
export const auditLogSchema = z.object({
  items: z.array(auditEntrySchema),
  nextCursor: z.number().int().nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** A source kind as chosen in onboarding (SPEC §7 `POST /user/data-sources`). */
export const dataSourceKindSchema = z
  .string()
  .regex(/^[a-z0-9_]{1,64}$/, 'must be a source kind such as oura or apple_healthkit');
export const userDataSourcesSchema = z.object({ dataSources: z.array(dataSourceKindSchema).max(100) });
export type UserDataSources = z.infer<typeof userDataSourcesSchema>;

/** ips: the International Patient Summary (FHIR R4 document Bundle). */
export const exportFormats = ['json', 'csv', 'fhir', 'ips'] as const;
export const exportQuerySchema = z.object({ format: z.enum(exportFormats).default('json') });
export type ExportFormat = (typeof exportFormats)[number];

/** `GET /identity/jwks`: a standard JSON Web Key Set (not enveloped, so any JOSE library can read it). */
export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
