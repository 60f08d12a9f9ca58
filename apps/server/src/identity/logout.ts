import { dataEnvelope, logoutRequestSchema, signedOutSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, type ClientInfo } from './client';
import type { Identity } from './identity';

/**
 * Ends the session of this refresh token (its whole family). Needs no bearer token — the SPEC's client
 * sends none — and succeeds for unknown tokens, so signing out twice is harmless. The access tokens of
 * the session stop at once too (their `sid` names the ended family).
 */
export async function logout(
  identity: Identity,
  refreshToken: string | undefined,
  client: ClientInfo,
): Promise<void> {
  if (!refreshToken) return;
  const row = await identity.sessions.end(refreshToken);
  if (row && row.revoked_at === null) await identity.audit.record(row.user_id, 'logout', client);
}

export const logoutRoute =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/logout',
      {
        schema: {
          tags: ['identity'],
          summary: 'Sign out: revoke the refresh token and its family',
          body: logoutRequestSchema.nullish(),
          response: { 200: dataEnvelope(signedOutSchema) },
        },
      },
      async (request) => {
        await logout(identity, request.body?.refreshToken, clientOf(request));
        return { data: { signedOut: true as const } };
      },
    );
  };
