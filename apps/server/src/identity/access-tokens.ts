import { randomUUID } from 'node:crypto';
import {
  calculateJwkThumbprint,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTHeaderParameters,
} from 'jose';
import { AppError } from '../http/errors';
import type { RefreshTokensRepository } from './refresh-tokens.repository';
import type { SigningKeysRepository } from './signing-keys.repository';
import type { UserRow, UsersRepository } from './users.repository';

/** The only algorithm we sign with and the only one we accept: `none`, HS* and RS* are refused outright. */
const ALG = 'ES256';
export const TOKEN_AUDIENCE = 'healthfolio';

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

const expired = () => new AppError('unauthorized', 'Your session has expired. Please sign in again.');
const invalid = () => new AppError('unauthorized', 'Invalid access token. Please sign in again.');

/**
 * Signs and verifies access tokens: ES256 JWTs with a per-installation key kept in `signing_keys`
 * (made on first start). `sv` is the user's `tokens_valid_after` when the token was minted; bumping
 * it (password change or reset, deletion) voids every earlier token at once. `sid` names the sign-in
 * session (the refresh-token family): ending that session (sign-out, Settings → Sessions, sign out
 * everywhere) voids its access tokens at once too — one indexed lookup per request.
 */
export class AccessTokens {
  private signingKey: { kid: string; key: VerifyKey } | undefined;
  private readonly publicKeys = new Map<string, { jwk: JWK; key: VerifyKey }>();
  private lastReload = 0;

  constructor(
    private readonly keys: SigningKeysRepository,
    private readonly users: UsersRepository,
    private readonly sessions: Pick<RefreshTokensRepository, 'familyActive'>,
    private readonly options: { issuer: string; ttlSeconds: number; now: () => number },
  ) {}

  /** Loads the keys, generating the installation's first key pair when there is none. */
  async init(): Promise<void> {
    let rows = await this.keys.listAll();
    if (rows.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      await this.keys.insertIfAbsent({
        kid,
        alg: ALG,
        private_jwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: ALG }),
        public_jwk: JSON.stringify({ ...publicJwk, kid, alg: ALG, use: 'sig' }),
        created_at: this.options.now(),
      });
      rows = await this.keys.listAll();
    }
    await this.loadPublicKeys();
    const first = rows[0];
    if (!first) throw new Error('no signing key');
    this.signingKey = { kid: first.kid, key: await importJWK(JSON.parse(first.private_jwk) as JWK, ALG) };
  }

  /** An access token of `user` within the sign-in session `sessionId` (its refresh-token family). */
  async sign(
    user: Pick<UserRow, 'id' | 'tokens_valid_after'>,
    sessionId: string,
  ): Promise<{ token: string; expiresIn: number }> {
    if (!this.signingKey) throw new Error('AccessTokens.init() was not awaited');
    const iat = Math.floor(this.options.now() / 1000);
    const token = await new SignJWT({ sv: user.tokens_valid_after, sid: sessionId })
      .setProtectedHeader({ alg: ALG, kid: this.signingKey.kid, typ: 'JWT' })
      .setIssuer(this.options.issuer)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(user.id)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.options.ttlSeconds)
      .sign(this.signingKey.key);
    return { token, expiresIn: this.options.ttlSeconds };
  }

  /** The user and session of a valid token of an existing user in a live session; otherwise a 401 AppError. */
  async verify(token: string): Promise<{ userId: string; sessionId: string }> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyFor(header), {
        algorithms: [ALG],
        issuer: this.options.issuer,
        audience: TOKEN_AUDIENCE,
        typ: 'JWT',
        requiredClaims: ['sub', 'iat', 'exp'],
        currentDate: new Date(this.options.now()),
      }));
    } catch (error) {
      throw error instanceof errors.JWTExpired ? expired() : invalid();
    }
    const { sub, sv, sid } = payload;
    if (typeof sub !== 'string' || typeof sv !== 'number' || typeof sid !== 'string') throw invalid();
    const user = await this.users.findById(sub);
    // A deleted user, or a token minted before the password changed: the session is over.
    if (!user || user.tokens_valid_after !== sv) throw expired();
    // A session ended on another device (or signed out): its access token stops now, not within the hour.
    if (!(await this.sessions.familyActive(user.id, sid, this.options.now()))) throw expired();
    return { userId: user.id, sessionId: sid };
  }

  /** The public half of every key, as a standard JWKS. */
  jwks(): { keys: JWK[] } {
    return { keys: [...this.publicKeys.values()].map((k) => k.jwk) };
  }

  private async keyFor(header: JWTHeaderParameters): Promise<VerifyKey> {
    const kid = header.kid ?? '';
    let found = this.publicKeys.get(kid);
    // Another instance may have generated a key since we loaded; look again, at most once a minute.
    if (!found && this.options.now() - this.lastReload > 60_000) {
      await this.loadPublicKeys();
      found = this.publicKeys.get(kid);
    }
    if (!found) throw new errors.JWKSNoMatchingKey();
    return found.key;
  }

  private async loadPublicKeys(): Promise<void> {
    this.lastReload = this.options.now();
    for (const row of await this.keys.listAll()) {
      if (this.publicKeys.has(row.kid) || row.alg !== ALG) continue;
      const jwk = JSON.parse(row.public_jwk) as JWK;
      this.publicKeys.set(row.kid, { jwk, key: await importJWK(jwk, ALG) });
    }
  }
}
