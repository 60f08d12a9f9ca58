import type { UserSettings, UserSettingsPatch } from '@healthfolio/core';

/**
 * A settings patch laid over the current settings, as the server does. Written here rather than
 * imported from @healthfolio/core, whose profile module would bring zod into the settings chunk.
 */
export function mergeSettings(base: UserSettings, patch: UserSettingsPatch): UserSettings {
  return {
    notifications: { ...base.notifications, ...patch.notifications },
    privacy: { ...base.privacy, ...patch.privacy },
    dataSharing: { ...base.dataSharing, ...patch.dataSharing },
    preferences: { ...base.preferences, ...patch.preferences },
  };
}
