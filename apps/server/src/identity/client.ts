import type { FastifyRequest } from 'fastify';

/** Who is asking: recorded in the audit log and used to key rate limits. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null };
}
