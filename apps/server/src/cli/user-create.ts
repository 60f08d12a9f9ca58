/**
 * `npm run user:create -- --email ada@example.com [--password …] [--name "Ada"]`
 * Creates a verified account in the configured database (DATA_DIR / DATABASE_URL). Without --password
 * a random one is generated and printed once.
 */
import { parseArgs } from 'node:util';
import { AppError } from '../http/errors';
import { createAccount, generatePassword } from '../identity/accounts';
import { assertEmail } from '../identity/errors';
import { openCli, runCli } from './cli-context';

await runCli(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  if (!values.email)
    throw new Error(
      'Usage: npm run user:create -- --email <address> [--password <password>] [--name <name>]',
    );
  const email = values.email.trim().toLowerCase();
  try {
    assertEmail(email);
  } catch {
    throw new Error(`Not a valid email address: ${values.email}`);
  }
  const password = values.password ?? generatePassword();
  const cli = await openCli();
  try {
    const user = await createAccount(cli.identity, {
      email,
      password,
      name: values.name ?? email.split('@')[0] ?? '',
      emailVerified: true,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'auth/email-already-in-use') {
        throw new Error(`A user with the email ${email} already exists.`);
      }
      throw error;
    });
    process.stdout.write(`Created user ${user.email} (id ${user.id}).\n`);
    if (!values.password)
      process.stdout.write(`Password: ${password}\n(Shown once — store it somewhere safe.)\n`);
  } finally {
    await cli.close();
  }
});
