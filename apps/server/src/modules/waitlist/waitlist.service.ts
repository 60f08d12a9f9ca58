import { randomUUID } from 'node:crypto';
import type { WaitlistRequest } from '@healthfolio/core';
import type { WaitlistRepository } from './waitlist.repository';

export class WaitlistService {
  constructor(
    private readonly repo: WaitlistRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async join(request: WaitlistRequest): Promise<{ email: string; joinedAt: string }> {
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
