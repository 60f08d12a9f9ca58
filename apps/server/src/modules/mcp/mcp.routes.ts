import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import type { McpServices } from './mcp-context';
import { createMcpServer } from './mcp.server';

/**
 * The MCP endpoint (Streamable HTTP, stateless: a server and a transport per request) at `/api/mcp`.
 * A personal access token with the `mcp` scope is the only way in; a browser session is refused like
 * on any route a token needs, since an assistant should hold its own revocable credential.
 */
export const mcpRoutes =
  (services: McpServices): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    app.addHook('onRequest', async (request) => {
      if (!request.apiToken) {
        throw new AppError(
          'auth/insufficient-scope',
          'The MCP endpoint takes a personal access token with the "mcp" scope (Settings → API access).',
        );
      }
    });

    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const identity = request.apiToken;
      if (!identity) throw new AppError('unauthorized', 'Sign in to continue.');
      const profile = await services.profile(identity.userId);
      const tz = (await services.zones.timeZone(identity.userId)) ?? 'UTC';
      const server = await createMcpServer(services, {
        identity,
        tz,
        units: profile.settings.preferences.units,
      });
      const { StreamableHTTPServerTransport } =
        await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      // The transport writes the answer itself; the API's own headers go on first.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.setHeader('cache-control', 'no-store');
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    };

    const config = { scope: 'mcp' as const };
    app.post('/mcp', { config }, handle);
    // Stateless: no stream to resume and no session to end.
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({
        method,
        url: '/mcp',
        config,
        handler: async (_request, reply) =>
          reply
            .status(405)
            .header('allow', 'POST')
            .send({ error: { code: 'bad_request', message: 'This MCP endpoint is stateless: POST only.' } }),
      });
    }
  };
