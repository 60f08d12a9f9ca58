import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@healthfolio/core';
import { AppError, notFound } from '../../http/errors';
import type { Audit } from '../../identity/audit';
import type { ClientInfo } from '../../identity/client';
import type { ApiTokenRow, ApiTokensRepository } from './api-tokens.repository';

const MINUTE = 60_000;

/** Uses of one token per minute; beyond it the API answers 429 until the next minute. */
export const API_TOKEN_RATE_LIMIT = 120;

/** Who a valid token speaks for, and what it may do. */
export interface TokenIdentity {
  userId: string;
  tokenId: string;
  scopes: readonly ApiTokenScope[];
}

export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const scopesOf = (row: ApiTokenRow) =>
  row.scopes
    .split(' ')
    .filter((s): s is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(s));
const revoked = () =>
  new AppError('unauthorized', 'This API token is not valid: it was revoked or never existed.');

/**
 * Personal access tokens: `hf_pat_` and 32 random bytes (256 bits, base64url), shown once and kept
 * only as their SHA-256 — a fast hash is enough for a secret of that entropy, and it lets a request
 * find its token with one indexed lookup.
 */
export class ApiTokensService {
  constructor(
    private readonly repo: ApiTokensRepository,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async create(userId: string, input: ApiTokenCreate, client: ClientInfo): Promise<ApiTokenCreated> {
    const at = this.now();
    const expiresAt = input.expiresAt === undefined ? null : Date.parse(input.expiresAt);
    if (expiresAt !== null && expiresAt <= at) {
      throw new AppError('validation', 'expiresAt: must be in the future');
    }
    const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const id = randomUUID();
    const scopes = [...new Set(input.scopes)];
    await this.repo.insert({
      id,
      user_id: userId,
      name: input.name,
      scopes: scopes.join(' '),
      token_hash: hashApiToken(token),
      hint: token.slice(0, API_TOKEN_PREFIX.length + 4),
      created_at: at,
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    });
    await this.audit.record(userId, 'token.created', client, { tokenId: id, name: input.name, scopes });
    return { id, token };
  }

  async list(userId: string): Promise<ApiToken[]> {
    const rows = await this.repo.listLive(userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      scopes: scopesOf(row),
      hint: row.hint,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: iso(row.expires_at),
      lastUsedAt: iso(row.last_used_at),
    }));
  }

  async revoke(userId: string, id: string, client: ClientInfo): Promise<void> {
    if (!(await this.repo.revoke(userId, id, this.now()))) throw notFound('API token');
    await this.audit.record(userId, 'token.revoked', client, { tokenId: id });
  }

  /**
   * One request with a token: 401 when it is unknown, revoked or expired, 429 over the rate limit.
   * The use is counted whatever the route answers; `last_used_at` moves at most once a minute, and
   * that move is what the audit log records (`token.used`), besides every call that writes.
   */
  async use(
    token: string,
    request: { method: string; url: string; client: ClientInfo },
  ): Promise<TokenIdentity> {
    const at = this.now();
    const row = await this.repo.use(hashApiToken(token), at, Math.floor(at / MINUTE), MINUTE);
    if (!row) throw revoked();
    if (row.expires_at !== null && row.expires_at <= at) {
      throw new AppError(
        'unauthorized',
        'This API token has expired. Create a new one in Settings → API access.',
      );
    }
    if (row.rate_count > API_TOKEN_RATE_LIMIT) {
      const retry = Math.max(1, Math.ceil(((row.rate_window + 1) * MINUTE - at) / 1000));
      throw new AppError('rate_limited', 'Too many requests with this API token. Try again in a minute.', {
        headers: { 'retry-after': String(retry) },
      });
    }
    const path = request.url.split('?')[0] ?? '';
    // MCP calls are audited one by one, by tool (auditCall).
    const writes = request.method !== 'GET' && !path.startsWith('/api/mcp');
    if (row.last_used_at === at || writes) {
      await this.audit.record(row.user_id, 'token.used', request.client, {
        tokenId: row.id,
        name: row.name,
        request: `${request.method} ${path}`,
      });
    }
    return { userId: row.user_id, tokenId: row.id, scopes: scopesOf(row) };
  }

  /** Records one call of an MCP tool (every call, not once a minute). */
  async auditCall(identity: TokenIdentity, tool: string, client: ClientInfo | null): Promise<void> {
    await this.audit.record(identity.userId, 'mcp.call', client, { tokenId: identity.tokenId, tool });
  }
}
