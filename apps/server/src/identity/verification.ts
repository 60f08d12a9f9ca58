import {
  actionCodeResultSchema,
  dataEnvelope,
  mailSentSchema,
  verificationConfirmSchema,
  type ActionCodeResult,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailTemplates } from '../mail/templates';
import { checkCode } from './check-code';
import { clientOf, type ClientInfo } from './client';
import { identityErrors } from './errors';
import type { Identity } from './identity';
import { REQUEST_LIMITS } from './throttle';

/** Mails a verification link to the signed-in user; refused when already verified (SPEC §4). */
export async function sendVerification(
  identity: Identity,
  userId: string,
  client: ClientInfo,
): Promise<void> {
  const user = await identity.users.findById(userId);
  if (!user) throw identityErrors.sessionExpired();
  if (user.email_verified === 1) throw identityErrors.alreadyVerified();
  await identity.throttle.take(`verify:user:${user.id}`, REQUEST_LIMITS.verifyMailPerUser);
  const code = await identity.codes.issue('verify-email', user.email, user.id);
  const link = `${identity.config.publicUrl}/verify-email?code=${encodeURIComponent(code)}`;
  await identity.mailer.send(mailTemplates.verifyEmail(user.email, link));
  await identity.audit.record(user.id, 'email.verification-sent', client);
}

/** Marks the address verified. Needs no session: the link may be opened on another device. */
export async function confirmVerification(
  identity: Identity,
  code: string,
  client: ClientInfo,
): Promise<ActionCodeResult> {
  const row = await checkCode(identity, code, 'verify-email', client);
  const user = row.user_id ? await identity.users.findById(row.user_id) : undefined;
  if (!user || user.email !== row.email) throw identityErrors.invalidCode();
  await identity.codes.consume(row);
  await identity.users.markVerified(user.id, identity.now());
  await identity.audit.record(user.id, 'email.verified', client);
  return { email: user.email, emailVerified: true };
}

export const verificationRoutes =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/verification/send',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Mail a verification link to the signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: dataEnvelope(mailSentSchema) },
        },
      },
      async (request) => {
        await sendVerification(identity, request.userId, clientOf(request));
        return { data: { sent: true as const } };
      },
    );
    app.post(
      '/verification/confirm',
      {
        schema: {
          tags: ['identity'],
          summary: 'Confirm the email address with the mailed code',
          body: verificationConfirmSchema,
          response: { 200: dataEnvelope(actionCodeResultSchema) },
        },
      },
      async (request) => ({
        data: await confirmVerification(identity, request.body.code, clientOf(request)),
      }),
    );
  };
