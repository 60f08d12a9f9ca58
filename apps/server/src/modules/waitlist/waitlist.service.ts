import { randomUUID } from 'node:crypto';
import type { WaitlistRequest } from '@healthfolio/core';
import { REQUEST_LIMITS, type Throttle } from '../../identity/throttle';
import type { WaitlistRepository } from './waitlist.repository';

export class WaitlistService {
  constructor(
    private readonly repo: WaitlistRepository,
    private readonly now: () => number = Date.now,
    /** Counts joins per address (database-backed, so it holds across instances). */
    private readonly throttle?: Throttle,
  ) {}

  async join(request: WaitlistRequest, ip: string): Promise<{ email: string; joinedAt: string }> {
    await this.throttle?.take(`waitlist:ip:${ip}`, REQUEST_LIMITS.waitlistPerAddress);
    await this.repo.addOnce({
      id: randomUUID(),
      email: request.email,
      name: request.name ?? null,
      createdAt: this.now(),
    });
    const entry = await this.repo.findByEmail(request.email);
    return { email: request.email, joinedAt: new Date(entry?.created_at ?? this.now()).toISOString() };
  }
}
