import {
  dataEnvelope,
  sessionSchema,
  signupRequestSchema,
  type Session,
  type SignupRequest,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccount } from './accounts';
import { clientOf, type ClientInfo } from './client';
import { assertEmail, identityErrors } from './errors';
import type { Identity } from './identity';
import { assertAcceptablePassword } from './passwords';
import { REQUEST_LIMITS } from './throttle';

/**
 * Creates an account and signs it in. Refused unless SIGNUP_ENABLED, except with an invitation
 * (mailed by `npm run invite`) for this very address — which also proves the address, so it is verified.
 */
export async function signup(identity: Identity, input: SignupRequest, client: ClientInfo): Promise<Session> {
  if (!identity.config.signupEnabled && !input.invitation) throw identityErrors.signupDisabled();
  const email = assertEmail(input.email);
  assertAcceptablePassword(input.password);
  await identity.throttle.take(`signup:ip:${client.ip}`, REQUEST_LIMITS.signupPerAddress);
  const invitation = input.invitation ? await identity.codes.peek(input.invitation, 'invite') : undefined;
  if (invitation && invitation.email !== email) throw identityErrors.invalidCode();
  if (await identity.users.findByEmail(email)) throw identityErrors.emailInUse();
  if (invitation) await identity.codes.consume(invitation);
  const user = await createAccount(identity, {
    email,
    password: input.password,
    name: input.name ?? '',
    emailVerified: invitation !== undefined,
  });
  await identity.audit.record(user.id, 'signup', client, invitation ? { invitation: true } : undefined);
  return identity.sessions.start(user, client);
}

export const signupRoute =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/signup',
      {
        schema: {
          tags: ['identity'],
          summary: 'Create an account (needs SIGNUP_ENABLED=true or an invitation)',
          body: signupRequestSchema,
          response: { 201: dataEnvelope(sessionSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await signup(identity, request.body, clientOf(request)) }),
    );
  };
