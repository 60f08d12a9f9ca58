import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Session, SessionInfo } from '@healthfolio/core';
import type { AccessTokens } from './access-tokens';
import { sha256 } from './action-codes';
import type { Audit } from './audit';
import type { ClientInfo } from './client';
import { describeDevice, sessionOrigin } from './device';
import { identityErrors } from './errors';
import type { RefreshTokenRow, RefreshTokensRepository } from './refresh-tokens.repository';
import type { UserRow, UsersRepository } from './users.repository';

/** Two tabs refreshing at once both present the same token; within this window the second is not a thief. */
export const REFRESH_GRACE_MS = 10_000;

/**
 * Sign-in sessions: a short-lived access token plus an opaque refresh token (256 bits, stored as its
 * SHA-256), rotated on every use. Presenting a rotated token again revokes the whole family, except
 * inside the grace window, where it yields the very successor already issued — decrypted from
 * `successor_sealed` with a key only the old token derives, so the database alone never holds a
 * usable token and the family does not fork.
 */
export class Sessions {
  private lastPrune = 0;

  constructor(
    private readonly repo: RefreshTokensRepository,
    private readonly users: UsersRepository,
    private readonly tokens: AccessTokens,
    private readonly audit: Audit,
    private readonly options: {
      refreshTtlMs: number;
      now: () => number;
      /** Called (not awaited) when a sign-in comes from a device this account has not used before. */
      onNewDevice?: (user: UserRow, client: ClientInfo) => void;
    },
  ) {}

  /** A new family for a fresh sign-in. */
  async start(user: UserRow, client: ClientInfo): Promise<Session> {
    const now = this.options.now();
    await this.prune(now);
    const refreshToken = newToken();
    const familyId = randomUUID();
    const earlier = await this.repo.userAgentsOf(user.id, familyId);
    // The very first sign-in of an account is no news to its owner.
    const device = describeDevice(client.userAgent);
    if (earlier.length > 0 && !earlier.some((agent) => describeDevice(agent) === device)) {
      this.options.onNewDevice?.(user, client);
    }
    await this.repo.insert(
      this.row(refreshToken, user.id, familyId, now + this.options.refreshTtlMs, client, now),
    );
    return this.session(user, refreshToken, familyId);
  }

  async refresh(presented: string, client: ClientInfo): Promise<Session> {
    const now = this.options.now();
    const row = await this.repo.findByHash(sha256(presented));
    if (!row || row.revoked_at !== null || row.family_expires_at <= now)
      throw identityErrors.sessionExpired();
    const user = await this.users.findById(row.user_id);
    if (!user) throw identityErrors.sessionExpired();
    if (row.rotated_at !== null) return this.presentedAgain(row, presented, user, client);

    const successor = newToken();
    const successorRow = this.row(successor, user.id, row.family_id, row.family_expires_at, client, now);
    // Insert first, then claim: a concurrent refresh that loses the claim finds the winner's successor in place.
    await this.repo.insert(successorRow);
    const won = await this.repo.claimRotation(
      row.id,
      { id: successorRow.id, sealed: seal(successor, presented, row.id) },
      now,
    );
    if (!won) {
      await this.repo.deleteById(successorRow.id);
      const current = await this.repo.findByHash(row.token_hash);
      if (!current || current.rotated_at === null) throw identityErrors.sessionExpired();
      return this.presentedAgain(current, presented, user, client);
    }
    return this.session(user, successor, row.family_id);
  }

  /** Sign-out: the family of this refresh token ends. Unknown tokens are ignored (signing out twice is fine). */
  async end(presented: string): Promise<RefreshTokenRow | undefined> {
    const row = await this.repo.findByHash(sha256(presented));
    if (row) await this.repo.revokeFamily(row.family_id, this.options.now());
    return row;
  }

  async endAll(userId: string): Promise<void> {
    await this.repo.revokeAllOfUser(userId, this.options.now());
  }

  /** Ends one of the user's sessions by its id; false when the user has no such session. */
  async endOne(userId: string, sessionId: string): Promise<boolean> {
    return this.repo.revokeFamilyOfUser(userId, sessionId, this.options.now());
  }

  /** The user's signed-in sessions, the most recently active first. */
  async list(userId: string, currentSessionId: string): Promise<SessionInfo[]> {
    const now = this.options.now();
    const [families, heads] = await Promise.all([
      this.repo.listActiveFamilies(userId, now),
      this.repo.listActiveHeads(userId, now),
    ]);
    const headOf = new Map(heads.map((h) => [h.family_id, h]));
    return families
      .map((f) => ({ ...f, created_at: Number(f.created_at), last_seen_at: Number(f.last_seen_at) }))
      .sort((a, b) => b.last_seen_at - a.last_seen_at)
      .map((f) => {
        const head = headOf.get(f.family_id);
        return {
          id: f.family_id,
          current: f.family_id === currentSessionId,
          ...sessionOrigin(head?.user_agent ?? null, head?.ip ?? null),
          createdAt: new Date(f.created_at).toISOString(),
          lastSeenAt: new Date(f.last_seen_at).toISOString(),
        };
      });
  }

  async session(user: UserRow, refreshToken: string, sessionId: string): Promise<Session> {
    const { token, expiresIn } = await this.tokens.sign(user, sessionId);
    return {
      accessToken: token,
      refreshToken,
      expiresIn,
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.email_verified === 1 },
    };
  }

  private async presentedAgain(
    row: RefreshTokenRow,
    presented: string,
    user: UserRow,
    client: ClientInfo,
  ): Promise<Session> {
    const now = this.options.now();
    const rotatedAt = row.rotated_at ?? 0;
    if (now - rotatedAt <= REFRESH_GRACE_MS && row.successor_sealed && row.replaced_by) {
      const successor = unseal(row.successor_sealed, presented, row.id);
      const successorRow = successor ? await this.repo.findByHash(sha256(successor)) : undefined;
      if (successor && successorRow && successorRow.revoked_at === null && successorRow.rotated_at === null) {
        return this.session(user, successor, row.family_id);
      }
      // The chain moved on within seconds: refuse, but this is no evidence of theft.
      throw identityErrors.sessionExpired();
    }
    await this.repo.revokeFamily(row.family_id, now);
    await this.audit.record(user.id, 'refresh.reuse-detected', client, { family: row.family_id });
    throw identityErrors.sessionExpired();
  }

  private row(
    token: string,
    userId: string,
    familyId: string,
    familyExpiresAt: number,
    client: ClientInfo,
    now: number,
  ) {
    return {
      id: randomUUID(),
      user_id: userId,
      family_id: familyId,
      token_hash: sha256(token),
      created_at: now,
      expires_at: familyExpiresAt,
      family_expires_at: familyExpiresAt,
      rotated_at: null,
      replaced_by: null,
      revoked_at: null,
      user_agent: client.userAgent,
      ip: client.ip,
      successor_sealed: null,
    };
  }

  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < 3_600_000) return;
    this.lastPrune = now;
    await this.repo.deleteExpired(now - 86_400_000);
  }
}

const newToken = () => randomBytes(32).toString('base64url');

function sealKey(presented: string, rowId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', presented, rowId, 'healthfolio refresh successor', 32));
}

function seal(successor: string, presented: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(presented, rowId), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(sealed: string, presented: string, rowId: string): string | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(presented, rowId), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
