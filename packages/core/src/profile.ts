import { z } from 'zod';
import { defaultSettings, fallbackProfile, mergeSettings } from './defaults';

export { defaultSettings, fallbackProfile, mergeSettings };

/** User settings of SPEC §3, with the SPEC's defaults. */
export const userSettingsSchema = z.object({
  notifications: z.object({
    emailNotifications: z.boolean().default(true),
    pushNotifications: z.boolean().default(true),
    insightAlerts: z.boolean().default(true),
    goalReminders: z.boolean().default(true),
  }),
  privacy: z.object({
    shareWithProviders: z.boolean().default(false),
    anonymizeData: z.boolean().default(false),
    publicProfile: z.boolean().default(false),
    /** Minutes of inactivity before automatic sign-out; 0 turns it off. */
    autoSignOutMinutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(0),
  }),
  dataSharing: z.object({
    allowedProviders: z.array(z.string()).default([]),
    shareHealthScore: z.boolean().default(true),
    shareInsights: z.boolean().default(true),
  }),
  preferences: z.object({
    language: z.string().min(2).max(16).default('en'),
    theme: z.enum(['light', 'dark']).default('light'),
    units: z.enum(['metric', 'imperial']).default('metric'),
    timeZone: z.string().max(64).optional(),
    /**
     * Count what sandbox connections bring (generated data) in merged totals, insights, goals and exports.
     * Off by default: sandbox data then stays on its own source and never touches the person's numbers.
     */
    includeSandboxData: z.boolean().default(false),
    /**
     * The person chose their units or time zone themselves (set by the server when a save names the units,
     * or changes a time zone already stored — not by the browser's first automatic zone): onboarding.
     */
    unitsChosen: z.boolean().default(false),
    /** The Dashboard's first-run checklist was put away. */
    onboardingDismissed: z.boolean().default(false),
  }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

type PatchShape<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/**
 * Every field optional and without its default. zod's `.partial()` keeps `.default()`, which would
 * fill the fields a patch leaves out and so reset them.
 */
function patchOf<S extends z.ZodRawShape>(group: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const shape = Object.fromEntries(
    Object.entries(group.shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<PatchShape<S>>;
}

/** A partial update of settings: any group, any field; fields left out keep their value. */
export const userSettingsPatchSchema = z.object({
  notifications: patchOf(userSettingsSchema.shape.notifications).optional(),
  privacy: patchOf(userSettingsSchema.shape.privacy).optional(),
  dataSharing: patchOf(userSettingsSchema.shape.dataSharing).optional(),
  preferences: patchOf(userSettingsSchema.shape.preferences).optional(),
});
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  settings: userSettingsSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200).optional(),
  settings: userSettingsPatchSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
