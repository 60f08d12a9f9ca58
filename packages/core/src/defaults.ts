// Constants and defaults without zod, so the web app's start-up bundle can import them cheaply
// (`@healthfolio/core/defaults`). The zod schemas in profile.ts and identity.ts describe the same shapes.
import type { UserProfile, UserSettings, UserSettingsPatch } from './profile';

/** SPEC §5: minimum password length. The upper bound keeps argon2 from hashing megabytes. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;
/** SPEC §4/§9: the client refreshes the access token this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 300_000;

export function defaultSettings(): UserSettings {
  return {
    notifications: {
      emailNotifications: true,
      pushNotifications: true,
      insightAlerts: true,
      goalReminders: true,
    },
    privacy: { shareWithProviders: false, anonymizeData: false, publicProfile: false, autoSignOutMinutes: 0 },
    dataSharing: { allowedProviders: [], shareHealthScore: true, shareInsights: true },
    preferences: {
      language: 'en',
      theme: 'light',
      units: 'metric',
      includeSandboxData: false,
      unitsChosen: false,
      onboardingDismissed: false,
    },
  };
}

/** The profile the client builds locally when `GET /auth/me` fails (SPEC §3). */
export function fallbackProfile(user: { id: string; email: string; name?: string | null }): UserProfile {
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? user.email.split('@')[0] ?? '',
    emailVerified: false,
    createdAt: new Date().toISOString(),
    settings: defaultSettings(),
  };
}

/** A settings patch laid over settings: any group, any field; what it leaves out stays. */
export function mergeSettings(base: UserSettings, patch: UserSettingsPatch): UserSettings {
  return {
    notifications: { ...base.notifications, ...patch.notifications },
    privacy: { ...base.privacy, ...patch.privacy },
    dataSharing: { ...base.dataSharing, ...patch.dataSharing },
    preferences: { ...base.preferences, ...patch.preferences },
  };
}
