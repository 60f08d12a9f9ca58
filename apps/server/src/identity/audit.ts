import type { AuditEvent } from '@healthfolio/core';
import type { AuditLogRepository } from './audit-log.repository';
import type { ClientInfo } from './client';

/** Appends security events to the user's audit log (Settings shows it). */
export class Audit {
  constructor(
    private readonly repo: AuditLogRepository,
    private readonly now: () => number,
  ) {}

  async record(
    userId: string,
    event: AuditEvent,
    client: ClientInfo | null,
    details?: Record<string, unknown>,
  ): Promise<void> {
    await this.repo.append({
      user_id: userId,
      event,
      ip: client?.ip ?? null,
      user_agent: client?.userAgent ?? null,
      details: details ? JSON.stringify(details) : null,
      at: this.now(),
    });
  }
}
