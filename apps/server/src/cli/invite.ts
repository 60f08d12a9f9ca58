/**
 * `npm run invite -- --email ben@example.com`
 * Mails a one-time sign-up link (valid 7 days) that works even with SIGNUP_ENABLED=false, and marks
 * the waitlist entry as invited. Without SMTP_URL the mail lands in <DATA_DIR>/outbox.
 */
import { parseArgs } from 'node:util';
import { AppError } from '../http/errors';
import { createInvitation } from '../identity/invitations';
import { WaitlistRepository } from '../modules/waitlist';
import { openCli, runCli } from './cli-context';

await runCli(async () => {
  const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
  if (!values.email) throw new Error('Usage: npm run invite -- --email <address>');
  const email = values.email.trim().toLowerCase();
  const cli = await openCli();
  try {
    const waitlist = new WaitlistRepository(cli.db.kysely);
    const onList = await waitlist.findByEmail(email);
    const { link, expiresAt } = await createInvitation(cli.identity, email).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'auth/email-already-in-use') {
        throw new Error(`A user with the email ${email} already exists.`);
      }
      if (error instanceof AppError && error.code === 'auth/invalid-email')
        throw new Error(`Not a valid email address: ${values.email}`);
      throw error;
    });
    if (onList) await waitlist.markInvited(email, cli.identity.now());
    process.stdout.write(
      `Invitation mailed to ${email}${onList ? '' : ' (not on the waitlist)'}; valid until ${new Date(expiresAt).toISOString()}.\n`,
    );
    if (cli.config.env !== 'production' && !cli.config.smtpUrl) process.stdout.write(`Link: ${link}\n`);
  } finally {
    await cli.close();
  }
});
