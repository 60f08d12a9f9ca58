import {
  dataEnvelope,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionsEndedSchema,
  type SessionInfo,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../http/errors';
import { clientOf, type ClientInfo } from './client';
import type { Identity } from './identity';

/** Ends one of the person's sessions; another person's session id answers 404 like an unknown one. */
export async function endSession(
  identity: Identity,
  userId: string,
  sessionId: string,
  client: ClientInfo,
): Promise<void> {
  if (!(await identity.sessions.endOne(userId, sessionId))) throw notFound('Session');
  await identity.audit.record(userId, 'logout', client, { session: sessionId });
}

/** Ends every session of the person, this one included. */
export async function logoutEverywhere(
  identity: Identity,
  userId: string,
  client: ClientInfo,
): Promise<number> {
  const ended = (await identity.sessions.list(userId, '')).length;
  await identity.sessions.endAll(userId);
  await identity.audit.record(userId, 'logout', client, { everywhere: true, sessions: ended });
  return ended;
}

/** Settings → Sessions: the devices signed in, each can be ended, and "sign out everywhere". */
export const sessionListRoutes =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sessions',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'The signed-in sessions (devices) of this account',
          response: { 200: dataEnvelope(sessionListSchema) },
        },
      },
      async (request): Promise<{ data: SessionInfo[] }> => ({
        data: await identity.sessions.list(request.userId, request.sessionId),
      }),
    );
    app.delete(
      '/sessions/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'End one session: its refresh and access tokens stop at once',
          params: sessionIdParamsSchema,
          response: { 200: dataEnvelope(sessionsEndedSchema) },
        },
      },
      async (request) => {
        await endSession(identity, request.userId, request.params.id, clientOf(request));
        return { data: { ended: 1 } };
      },
    );
    app.post(
      '/logout-everywhere',
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['identity'],
          summary: 'Sign out everywhere: end every session of this account, this one included',
          response: { 200: dataEnvelope(sessionsEndedSchema) },
        },
      },
      async (request) => ({
        data: { ended: await logoutEverywhere(identity, request.userId, clientOf(request)) },
      }),
    );
  };
