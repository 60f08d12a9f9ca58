import { CAREGIVER_PERMISSION_LABELS, type CaregiverPermission } from '@healthfolio/core';
import type { MailMessage } from '../../mail/mailer';

/** The invitation a caregiver receives: who asks, what they may do, where to accept. No secret in it. */
export function caregiverInvitationMail(
  to: string,
  link: string,
  person: { name: string; email: string },
  permissions: readonly CaregiverPermission[],
  endsAt: number | null,
): MailMessage {
  const list = permissions.map((p) => `- ${CAREGIVER_PERMISSION_LABELS[p]}`).join('\n');
  const until =
    endsAt === null ? '' : `\nThe access ends on ${new Date(endsAt).toISOString().slice(0, 10)}.\n`;
  return {
    to,
    purpose: 'caregiver-invitation',
    link,
    subject: `${person.name} invites you to be their caregiver on Healthfolio`,
    text: `${person.name} (${person.email}) invites you to see and help with their health data on Healthfolio, as their caregiver. They allow you to:\n${list}\n${until}\nSign in (or create an account) with this address, verify it, and accept under Settings → Caregivers:\n${link}\n\nIf you do not know ${person.name}, ignore this mail; nothing is shared until you accept.\n`,
  };
}
