import { defaultSettings, mergeSettings, userSettingsPatchSchema } from '@healthfolio/core';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import type { ClientInfo } from './client';
import { describeDevice, describePlace } from './device';
import type { UserRow } from './users.repository';

/** Whether the person keeps email notifications on (Settings → Notifications); on by default. */
function wantsMail(user: UserRow): boolean {
  let stored: unknown;
  try {
    stored = JSON.parse(user.settings);
  } catch {
    stored = {};
  }
  const patch = userSettingsPatchSchema.safeParse(stored);
  return mergeSettings(defaultSettings(), patch.success ? patch.data : {}).notifications.emailNotifications;
}

/**
 * "A new sign-in to your account": sent when someone signs in from a browser and system the account has
 * not used before — unless the person turned email notifications off. The mail names device, network and
 * time, and where to end the session; it carries no link that signs anyone in.
 */
export async function sendNewDeviceMail(
  mailer: Mailer,
  publicUrl: string,
  user: UserRow,
  client: ClientInfo,
  at: number,
): Promise<void> {
  if (!wantsMail(user)) return;
  const link = `${publicUrl}/settings#sessions`;
  await mailer.send(
    mailTemplates.newDevice(user.email, link, {
      device: describeDevice(client.userAgent),
      place: describePlace(client.ip),
      at: new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    }),
  );
}
