import { connectors } from '@healthfolio/connectors';
import type { FastifyInstance } from 'fastify';

/**
 * Mounts every connector's fake at /sandbox/<kind> (SANDBOX_PROVIDERS=true, the default outside
 * production), so a newcomer can connect "Oura" and watch a year of generated data arrive.
 */
export async function registerSandboxProviders(app: FastifyInstance): Promise<void> {
  for (const connector of connectors) {
    await app.register(connector.fake, { prefix: `/sandbox/${connector.manifest.kind}` });
  }
}
