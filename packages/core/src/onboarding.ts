import { z } from 'zod';

/** The steps of a new account's first-run checklist (issue 22), in the order they are shown. */
export const onboardingStepKeys = ['source', 'preferences', 'goal', 'mfa'] as const;
export type OnboardingStepKey = (typeof onboardingStepKeys)[number];

/**
 * `GET /api/onboarding`: each step is done when the account's state on the server says so — a source
 * connected, a push token made or a file imported; units or time zone chosen; a goal set; a second factor.
 */
export const onboardingStatusSchema = z.object({
  steps: z.array(z.object({ key: z.enum(onboardingStepKeys), done: z.boolean() })),
  /** Every step done. */
  complete: z.boolean(),
  /** The person put the checklist away (settings.preferences.onboardingDismissed). */
  dismissed: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;
