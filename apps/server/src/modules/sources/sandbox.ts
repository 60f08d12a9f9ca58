import { connectors } from '@healthfolio/connectors';
import type { FastifyInstance } from 'fastify';

/**
 * Mounts every connector's fake at /sandbox/<kind> (SANDBOX_PROVIDERS=true, the default outside
 * production), so a newcomer can connect "Oura" and watch a year of generated data arrive. The fakes are
 * imported here, when asked for: a server without sandbox providers never loads them.
 */
export async function registerSandboxProviders(app: FastifyInstance): Promise<void> {
  const { fakeOf } = await import('@healthfolio/sandbox');
  for (const connector of connectors) {
    const kind = connector.manifest.kind;
    await app.register(fakeOf(kind), { prefix: `/sandbox/${kind}` });
  }
}
