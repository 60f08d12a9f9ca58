import type { ProfileUpdate, UserProfile } from '@healthfolio/core';
import type { QueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../auth/AuthProvider';
import { updateProfileRequest } from '../auth/identity-api';
import { mergeSettings } from '@healthfolio/core/defaults';

let queue: Promise<unknown> = Promise.resolve();
let latestTicket = 0;

function applyUpdate(profile: UserProfile, update: ProfileUpdate): UserProfile {
  return {
    ...profile,
    ...(update.name !== undefined ? { name: update.name } : {}),
    settings: update.settings ? mergeSettings(profile.settings, update.settings) : profile.settings,
  };
}

/**
 * Saves a profile change (PUT /auth/profile) and shows it in the profile cache at once, so theme and
 * units apply everywhere before the server answers. Writes go one after another, so the newest
 * answer already holds every earlier change and is the only one written back. A failure reloads the server's truth.
 */
export async function writeProfile(
  queryClient: QueryClient,
  userId: string,
  update: ProfileUpdate,
): Promise<UserProfile> {
  const key = profileQueryKey(userId);
  const ticket = ++latestTicket;
  queryClient.setQueryData<UserProfile>(key, (current) => (current ? applyUpdate(current, update) : current));
  const run = queue.then(() => updateProfileRequest(update));
  queue = run.catch(() => undefined);
  try {
    const updated = await run;
    if (ticket === latestTicket) queryClient.setQueryData(key, updated);
    return updated;
  } catch (error) {
    if (ticket === latestTicket) void queryClient.invalidateQueries({ queryKey: key });
    throw error;
  }
}
