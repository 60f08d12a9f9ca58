// Over 300 lines: one plugin's routes (second factors and passkeys), each a schema and a short handler.
import {
  dataEnvelope,
  mfaStatusSchema,
  mfaVerifyRequestSchema,
  passkeyDeletedSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginVerifySchema,
  passkeyNameSchema,
  passkeyRegisterVerifySchema,
  passkeySchema,
  recoveryCodesSchema,
  sessionSchema,
  stepUpRequestSchema,
  stepUpSchema,
  totpConfirmRequestSchema,
  totpEnrollmentSchema,
  totpEnrollRequestSchema,
  webauthnOptionsSchema,
} from '@healthfolio/core';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../http/errors';
import { clientOf } from './client';
import { identityErrors } from './errors';
import type { Identity } from './identity';
import { requireFreshFactor, sessionKeyOf } from './step-up';

const security = [{ bearerAuth: [] }];

/**
 * Multi-factor sign-in under /api/identity (DESIGN "Contracts added for issues 10–16", MFA):
 * TOTP enrolment, the second sign-in step, step-up, and passkeys. `mfa/verify` and
 * `webauthn/login/*` are public (they carry their own challenge); `mfa/totp/enroll|confirm` take either
 * a bearer token or the `enroll` challenge of a sign-in under REQUIRE_MFA; everything else needs a
 * signed-in user, and changes to factors a fresh one (requireFreshFactor).
 */
export const mfaRoutes =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    const fresh = requireFreshFactor(identity);
    /** A signed-in user, unless the body carries a sign-in's enrolment challenge (REQUIRE_MFA). */
    const userOrEnrollChallenge = async (
      request: FastifyRequest,
      reply: Parameters<typeof app.authenticate>[1],
    ) => {
      const body = request.body as { challenge?: unknown } | undefined | null;
      if (typeof body?.challenge === 'string') return;
      await app.authenticate(request, reply);
    };

    app.get(
      '/mfa',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Which second factors the signed-in user has',
          security,
          response: { 200: dataEnvelope(mfaStatusSchema) },
        },
      },
      async (request) => ({ data: await identity.mfa.status(request.userId) }),
    );

    app.post(
      '/mfa/verify',
      {
        schema: {
          tags: ['identity'],
          summary: 'Second sign-in step: a TOTP or recovery code against the login challenge',
          body: mfaVerifyRequestSchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({
        data: await identity.mfa.verify(request.body.challenge, request.body.code, clientOf(request)),
      }),
    );

    app.post(
      '/mfa/totp/enroll',
      {
        preValidation: userOrEnrollChallenge,
        schema: {
          tags: ['identity'],
          summary: 'Start setting up an authenticator app: the secret, its otpauth URL and QR code',
          security,
          body: totpEnrollRequestSchema.nullish(),
          response: { 200: dataEnvelope(totpEnrollmentSchema) },
        },
      },
      async (request) => {
        const challenge = request.body?.challenge;
        if (challenge) {
          const user = await identity.mfa.challengeUser(challenge, 'enroll');
          return { data: await identity.mfa.enrollTotp(user) };
        }
        await fresh(request);
        const user = await identity.users.findById(request.userId);
        if (!user) throw identityErrors.sessionExpired();
        return { data: await identity.mfa.enrollTotp(user) };
      },
    );

    app.post(
      '/mfa/totp/confirm',
      {
        preValidation: userOrEnrollChallenge,
        schema: {
          tags: ['identity'],
          summary: 'Confirm the authenticator app with its first code: 10 recovery codes, shown once',
          security,
          body: totpConfirmRequestSchema,
          response: { 200: dataEnvelope(recoveryCodesSchema) },
        },
      },
      async (request) => {
        const client = clientOf(request);
        const { challenge, code } = request.body;
        if (challenge) {
          const user = await identity.mfa.challengeUser(challenge, 'enroll');
          await identity.throttle.checkLogin(user.email, client.ip);
          const recoveryCodes = await identity.mfa.confirmTotp(user.id, code, client);
          if (!(await identity.mfa.consumeChallenge(challenge))) throw identityErrors.sessionExpired();
          const session = await identity.mfa.finishSignIn(user, client, 'totp');
          return { data: { recoveryCodes, session } };
        }
        return { data: { recoveryCodes: await identity.mfa.confirmTotp(request.userId, code, client) } };
      },
    );

    app.delete(
      '/mfa/totp',
      {
        onRequest: app.authenticate,
        preHandler: fresh,
        schema: {
          tags: ['identity'],
          summary: 'Turn the authenticator app off (its recovery codes go with it)',
          security,
          response: { 200: dataEnvelope(mfaStatusSchema) },
        },
      },
      async (request) => {
        await identity.mfa.disableTotp(request.userId, clientOf(request));
        return { data: await identity.mfa.status(request.userId) };
      },
    );

    app.post(
      '/mfa/recovery-codes',
      {
        onRequest: app.authenticate,
        preHandler: fresh,
        schema: {
          tags: ['identity'],
          summary: 'New recovery codes in place of the old ones, shown once',
          security,
          response: { 200: dataEnvelope(recoveryCodesSchema) },
        },
      },
      async (request) => ({
        data: {
          recoveryCodes: await identity.mfa.regenerateRecoveryCodes(request.userId, clientOf(request)),
        },
      }),
    );

    app.post(
      '/mfa/step-up',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Confirm it’s you (a code, or the password without an authenticator app) for five minutes',
          security,
          body: stepUpRequestSchema,
          response: { 200: dataEnvelope(stepUpSchema) },
        },
      },
      async (request) => {
        const until = await identity.mfa.stepUp(
          request.userId,
          sessionKeyOf(request),
          request.body,
          clientOf(request),
        );
        return { data: { freshUntil: new Date(until).toISOString() } };
      },
    );

    app.post(
      '/mfa/step-up/webauthn/options',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'WebAuthn options to confirm it’s you with one of your passkeys',
          security,
          response: { 200: dataEnvelope(webauthnOptionsSchema) },
        },
      },
      async (request) => ({
        data: { ...(await identity.passkeys.stepUpOptions(request.userId, clientOf(request))) },
      }),
    );

    app.post(
      '/mfa/step-up/webauthn/verify',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Confirm it’s you with the passkey’s answer, for five minutes',
          security,
          body: passkeyLoginVerifySchema,
          response: { 200: dataEnvelope(stepUpSchema) },
        },
      },
      async (request) => {
        const until = await identity.passkeys.stepUp(
          request.userId,
          sessionKeyOf(request),
          request.body.response as unknown as AuthenticationResponseJSON,
          clientOf(request),
        );
        return { data: { freshUntil: new Date(until).toISOString() } };
      },
    );

    // Passkeys

    app.post(
      '/webauthn/register/options',
      {
        onRequest: app.authenticate,
        preHandler: fresh,
        schema: {
          tags: ['identity'],
          summary: 'WebAuthn options to add a passkey',
          security,
          response: { 200: dataEnvelope(webauthnOptionsSchema) },
        },
      },
      async (request) => ({ data: { ...(await identity.passkeys.registrationOptions(request.userId)) } }),
    );

    app.post(
      '/webauthn/register/verify',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Store the new passkey the browser made',
          security,
          body: passkeyRegisterVerifySchema,
          response: { 200: dataEnvelope(passkeySchema) },
        },
      },
      async (request) => ({
        data: await identity.passkeys.register(
          request.userId,
          request.body.response as unknown as RegistrationResponseJSON,
          request.body.name,
          clientOf(request),
        ),
      }),
    );

    app.get(
      '/webauthn/credentials',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'The signed-in user’s passkeys',
          security,
          response: { 200: dataEnvelope(passkeyListSchema) },
        },
      },
      async (request) => ({ data: await identity.passkeys.list(request.userId) }),
    );

    app.patch(
      '/webauthn/credentials/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Rename a passkey',
          security,
          params: passkeyIdParamsSchema,
          body: passkeyNameSchema,
          response: { 200: dataEnvelope(passkeySchema) },
        },
      },
      async (request) => ({
        data: await identity.passkeys.rename(request.userId, request.params.id, request.body.name),
      }),
    );

    app.delete(
      '/webauthn/credentials/:id',
      {
        onRequest: app.authenticate,
        // Unknown and foreign ids answer 404 before the step-up is asked for: nothing to confirm.
        preHandler: async (request: FastifyRequest) => {
          const { id } = request.params as { id: string };
          const mine = await identity.passkeys.list(request.userId);
          if (!mine.some((p) => p.id === id)) throw notFound('Passkey');
          await fresh(request);
        },
        schema: {
          tags: ['identity'],
          summary: 'Remove a passkey',
          security,
          params: passkeyIdParamsSchema,
          response: { 200: dataEnvelope(passkeyDeletedSchema) },
        },
      },
      async (request) => {
        await identity.passkeys.remove(request.userId, request.params.id, clientOf(request));
        return { data: { deleted: true as const } };
      },
    );

    app.post(
      '/webauthn/login/options',
      {
        schema: {
          tags: ['identity'],
          summary:
            'WebAuthn options to sign in with a passkey: alone, or with the login challenge as second factor',
          body: passkeyLoginOptionsSchema.nullish(),
          response: { 200: dataEnvelope(webauthnOptionsSchema) },
        },
      },
      async (request) => ({
        data: { ...(await identity.passkeys.loginOptions(request.body?.challenge, clientOf(request))) },
      }),
    );

    app.post(
      '/webauthn/login/verify',
      {
        schema: {
          tags: ['identity'],
          summary: 'Sign in with the passkey’s answer: the usual token pair',
          body: passkeyLoginVerifySchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({
        data: await identity.passkeys.login(
          request.body.response as unknown as AuthenticationResponseJSON,
          clientOf(request),
        ),
      }),
    );
  };
