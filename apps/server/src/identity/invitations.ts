import { mailTemplates } from '../mail/templates';
import { assertEmail, identityErrors } from './errors';
import type { Identity } from './identity';

/**
 * Mails a one-time sign-up link (7 days) to an address, usually from the waitlist. Sign-up with the
 * link works even when SIGNUP_ENABLED is false, for that address only.
 */
export async function createInvitation(
  identity: Identity,
  rawEmail: string,
): Promise<{ link: string; expiresAt: number }> {
  const email = assertEmail(rawEmail.trim().toLowerCase());
  if (await identity.users.findByEmail(email)) throw identityErrors.emailInUse();
  const code = await identity.codes.issue('invite', email, null);
  const link = `${identity.config.publicUrl}/signup?invitation=${encodeURIComponent(code)}`;
  await identity.mailer.send(mailTemplates.invitation(email, link));
  return { link, expiresAt: identity.now() + 7 * 24 * 3_600_000 };
}
