import { z } from 'zod';
import { emailSchema } from './identity';
import { instantSchema } from './samples';

/**
 * What a person lets a caregiver do for them (DESIGN "Caregivers"). A route names the one permission it
 * needs; every other route (settings, sessions, MFA, tokens, shares, caregivers, deletion) refuses to be
 * used on someone else's behalf.
 */
export const CAREGIVER_PERMISSIONS = [
  'metrics',
  'labs',
  'clinical',
  'insights',
  'entries',
  'sources',
] as const;
export type CaregiverPermission = (typeof CAREGIVER_PERMISSIONS)[number];
export const caregiverPermissionSchema = z.enum(CAREGIVER_PERMISSIONS);

/** What each permission lets the caregiver see or do, as Settings explains it. */
export const CAREGIVER_PERMISSION_LABELS: Record<CaregiverPermission, string> = {
  metrics: 'View metrics (dashboard, charts, health score)',
  labs: 'View lab results',
  clinical: 'View clinical records (conditions, medications…)',
  insights: 'View insights and goals',
  entries: 'Add, change and delete manual entries',
  sources: 'Manage sources (connect, sync, import files)',
};

/** The header a caregiver's requests carry to act for a person: the person's user id. */
export const PERSON_HEADER = 'x-person-id';

/** `POST /api/caregivers`. */
export const caregiverInviteSchema = z.object({
  email: emailSchema.pipe(z.email({ message: 'must be an email address' })),
  permissions: z
    .array(caregiverPermissionSchema)
    .min(1, 'choose at least one permission')
    .max(CAREGIVER_PERMISSIONS.length),
  /** When the access ends by itself; never when left out. */
  endsAt: instantSchema.optional(),
});
export type CaregiverInvite = z.input<typeof caregiverInviteSchema>;
export type CaregiverInviteRequest = z.output<typeof caregiverInviteSchema>;

/** pending: not accepted yet; active: in force; ended: its end date passed; revoked: by either side. */
export const CAREGIVER_STATUSES = ['pending', 'active', 'ended', 'revoked'] as const;
export type CaregiverStatus = (typeof CAREGIVER_STATUSES)[number];

const grantFields = {
  id: z.string(),
  permissions: z.array(caregiverPermissionSchema),
  status: z.enum(CAREGIVER_STATUSES),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
};

/** A grant the person gave: to whom (the invited address; the name once accepted). */
export const caregiverGivenSchema = z.object({
  ...grantFields,
  email: z.string(),
  caregiverName: z.string().nullable(),
});
export type CaregiverGiven = z.infer<typeof caregiverGivenSchema>;

/** A grant the signed-in user received: whose data (`personId` goes in the X-Person-Id header). */
export const caregiverReceivedSchema = z.object({
  ...grantFields,
  personId: z.string(),
  personName: z.string(),
  personEmail: z.string(),
});
export type CaregiverReceived = z.infer<typeof caregiverReceivedSchema>;

/** `GET /api/caregivers`. */
export const caregiverListSchema = z.object({
  given: z.array(caregiverGivenSchema),
  received: z.array(caregiverReceivedSchema),
  /** Invitations to an address show only once the account has verified it. */
  emailVerified: z.boolean(),
});
export type CaregiverList = z.infer<typeof caregiverListSchema>;

export const caregiverIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
