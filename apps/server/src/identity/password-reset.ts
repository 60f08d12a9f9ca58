import {
  actionCodeResultSchema,
  dataEnvelope,
  mailSentSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type ActionCodeResult,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailTemplates } from '../mail/templates';
import { replacePassword } from './accounts';
import { clientOf, type ClientInfo } from './client';
import { assertEmail, identityErrors } from './errors';
import type { Identity } from './identity';
import { checkCode } from './check-code';
import { assertAcceptablePassword } from './passwords';
import { emailKey, REQUEST_LIMITS } from './throttle';

/**
 * Mails a reset link. Unknown addresses get the same answer and are counted against the same limits,
 * unless AUTH_DISTINCT_ERRORS asks for the SPEC's "No account found with this email".
 */
export async function requestPasswordReset(
  identity: Identity,
  rawEmail: string,
  client: ClientInfo,
): Promise<void> {
  const email = assertEmail(rawEmail);
  await identity.throttle.take(`reset:ip:${client.ip}`, REQUEST_LIMITS.resetMailPerAddress);
  await identity.throttle.take(`reset:acct:${emailKey(email)}`, REQUEST_LIMITS.resetMailPerAccount);
  const user = await identity.users.findByEmail(email);
  if (!user) {
    if (identity.config.authDistinctErrors) throw identityErrors.userNotFound();
    return;
  }
  // Answered before the mail goes out, so a real account takes no longer to answer than an unknown one.
  identity.background.run('password-reset mail', async () => {
    const code = await identity.codes.issue('password-reset', email, user.id);
    const link = `${identity.config.publicUrl}/reset-password?code=${encodeURIComponent(code)}`;
    await identity.mailer.send(mailTemplates.passwordReset(email, link));
    await identity.audit.record(user.id, 'password.reset-requested', client);
  });
}

/** Sets the new password with a mailed code; every session ends, and the address counts as verified. */
export async function confirmPasswordReset(
  identity: Identity,
  input: { code: string; newPassword: string },
  client: ClientInfo,
): Promise<ActionCodeResult> {
  assertAcceptablePassword(input.newPassword);
  const row = await checkCode(identity, input.code, 'password-reset', client);
  const user = row.user_id ? await identity.users.findById(row.user_id) : undefined;
  if (!user || user.email !== row.email) throw identityErrors.invalidCode();
  await identity.codes.consume(row);
  await replacePassword(identity, user, input.newPassword);
  if (user.email_verified !== 1) await identity.users.markVerified(user.id, identity.now());
  await identity.audit.record(user.id, 'password.reset', client);
  return { email: user.email, emailVerified: true };
}

export const passwordResetRoutes =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/password-reset',
      {
        schema: {
          tags: ['identity'],
          summary: 'Mail a password-reset link',
          body: passwordResetRequestSchema,
          response: { 200: dataEnvelope(mailSentSchema) },
        },
      },
      async (request) => {
        await requestPasswordReset(identity, request.body.email, clientOf(request));
        return { data: { sent: true as const } };
      },
    );
    app.post(
      '/password-reset/confirm',
      {
        schema: {
          tags: ['identity'],
          summary: 'Set a new password with the mailed code',
          body: passwordResetConfirmSchema,
          response: { 200: dataEnvelope(actionCodeResultSchema) },
        },
      },
      async (request) => ({ data: await confirmPasswordReset(identity, request.body, clientOf(request)) }),
    );
  };
