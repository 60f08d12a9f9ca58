import type { Config } from '../config';
import type { Db } from '../db/database';
import { createMailer } from '../mail/create-mailer';
import type { MailLog, Mailer } from '../mail/mailer';
import { AccessTokens } from './access-tokens';
import { ActionCodes } from './action-codes';
import { ActionCodesRepository } from './action-codes.repository';
import { Audit } from './audit';
import { BackgroundTasks } from './background';
import { AuditLogRepository } from './audit-log.repository';
import { AuthAttemptsRepository } from './auth-attempts.repository';
import { sendNewDeviceMail } from './new-device';
import { Mfa } from './mfa';
import { MfaRepository } from './mfa.repository';
import { Passkeys } from './passkeys';
import { Passwords } from './passwords';
import { RefreshTokensRepository } from './refresh-tokens.repository';
import { Sessions } from './sessions';
import { SigningKeysRepository } from './signing-keys.repository';
import { Throttle } from './throttle';
import { UsersRepository } from './users.repository';
import { TokenVault } from '../modules/sources';

/** Everything the identity endpoints, the account module and the CLI share. */
export interface Identity {
  config: Config;
  now: () => number;
  log: MailLog;
  users: UsersRepository;
  passwords: Passwords;
  tokens: AccessTokens;
  sessions: Sessions;
  codes: ActionCodes;
  throttle: Throttle;
  audit: Audit;
  mailer: Mailer;
  background: BackgroundTasks;
  /** Second factors, the sign-in challenge and step-up (mfa.ts); passkeys (passkeys.ts). */
  mfa: Mfa;
  passkeys: Passkeys;
}

export interface IdentityOptions {
  log: MailLog;
  /** The clock; tests pass a fake one. */
  now?: () => number;
  mailer?: Mailer;
}

/** Builds the identity service on a migrated database and loads (or makes) the signing key. */
export async function createIdentity(config: Config, db: Db, options: IdentityOptions): Promise<Identity> {
  const now = options.now ?? Date.now;
  const users = new UsersRepository(db.kysely);
  const audit = new Audit(new AuditLogRepository(db.kysely), now);
  const refreshTokens = new RefreshTokensRepository(db.kysely);
  const tokens = new AccessTokens(new SigningKeysRepository(db.kysely), users, refreshTokens, {
    issuer: config.publicUrl,
    ttlSeconds: config.accessTokenTtlSeconds,
    now,
  });
  await tokens.init();
  const mailer = options.mailer ?? createMailer(config, options.log);
  const background = new BackgroundTasks(options.log);
  const sessions = new Sessions(refreshTokens, users, tokens, audit, {
    refreshTtlMs: config.refreshTokenTtlSeconds * 1000,
    now,
    onNewDevice: (user, client) =>
      background.run('new-device mail', () =>
        sendNewDeviceMail(mailer, config.publicUrl, user, client, now()),
      ),
  });
  const passwords = new Passwords();
  const throttle = new Throttle(new AuthAttemptsRepository(db.kysely), now);
  const mfaRepo = new MfaRepository(db.kysely);
  // TOTP secrets are sealed with the same key as provider tokens, bound to the user and purpose.
  const vault = TokenVault.open(config.dataDir, config.encryptionKey);
  const mfa = new Mfa({
    repo: mfaRepo,
    vault,
    users,
    passwords,
    throttle,
    sessions,
    audit,
    requireMfa: config.requireMfa,
    now,
  });
  const passkeys = new Passkeys({
    repo: mfaRepo,
    users,
    mfa,
    throttle,
    audit,
    publicUrl: config.publicUrl,
    now,
  });
  return {
    config,
    now,
    log: options.log,
    users,
    passwords,
    tokens,
    sessions,
    codes: new ActionCodes(new ActionCodesRepository(db.kysely), now),
    throttle,
    audit,
    mailer,
    background,
    mfa,
    passkeys,
  };
}
