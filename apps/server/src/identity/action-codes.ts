import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { identityErrors } from './errors';
import type { ActionCodeRow, ActionCodesRepository } from './action-codes.repository';

export type ActionPurpose = 'password-reset' | 'verify-email' | 'invite';

const HOUR = 3_600_000;
export const ACTION_CODE_TTL_MS: Record<ActionPurpose, number> = {
  'password-reset': HOUR,
  'verify-email': 24 * HOUR,
  invite: 7 * 24 * HOUR,
};

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** One-time codes sent by mail: 256 random bits, only their hash stored, single use, expiring. */
export class ActionCodes {
  constructor(
    private readonly repo: ActionCodesRepository,
    private readonly now: () => number,
  ) {}

  async issue(purpose: ActionPurpose, email: string, userId: string | null): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.repo.retireOpen(purpose, email, now);
    await this.repo.insert({
      id: randomUUID(),
      user_id: userId,
      purpose,
      code_hash: sha256(code),
      email,
      created_at: now,
      expires_at: now + ACTION_CODE_TTL_MS[purpose],
      used_at: null,
    });
    return code;
  }

  /** The open code of that purpose, without using it; invalid and expired codes throw their errors. */
  async peek(code: string, purpose: ActionPurpose): Promise<ActionCodeRow> {
    const row = await this.repo.findByHash(sha256(code));
    if (!row || row.purpose !== purpose || row.used_at !== null) throw identityErrors.invalidCode();
    if (row.expires_at <= this.now()) throw identityErrors.expiredCode();
    return row;
  }

  /** Uses a code peeked before; a second, concurrent use loses. */
  async consume(row: ActionCodeRow): Promise<void> {
    if (!(await this.repo.markUsed(row.id, this.now()))) throw identityErrors.invalidCode();
  }
}
