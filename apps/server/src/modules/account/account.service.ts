import fs from 'node:fs/promises';
import path from 'node:path';
import {
  defaultSettings,
  mergeSettings,
  userSettingsPatchSchema,
  type ProfileUpdate,
  type UserProfile,
  type UserSettings,
  type UserSettingsPatch,
} from '@healthfolio/core';
import { AppError } from '../../http/errors';
import { identityErrors } from '../../identity/errors';
import type { Identity } from '../../identity/identity';
import type { UserRow } from '../../identity/users.repository';
import { choosesUnits } from '../onboarding';
import type { AccountRepository } from './account.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What other modules are told about an account's changes. */
export interface AccountHooks {
  /** After a settings change is stored: the settings before and after it (sandbox data in or out …). */
  settingsChanged?(userId: string, before: UserSettings, after: UserSettings): Promise<void>;
  /** Before an account's rows go: what must reach outside first (provider tokens revoked). */
  deleting?(userId: string): Promise<void>;
}

/** The signed-in user's own account: profile, settings, deletion. */
export class AccountService {
  constructor(
    private readonly identity: Identity,
    private readonly repo: AccountRepository,
    private readonly dataDir: string,
    private readonly hooks: AccountHooks = {},
  ) {}

  async profile(userId: string): Promise<UserProfile> {
    return toProfile(await this.user(userId));
  }

  async updateProfile(userId: string, update: ProfileUpdate): Promise<UserProfile> {
    const user = await this.user(userId);
    if (update.name !== undefined)
      await this.identity.users.update(user.id, { name: update.name }, this.identity.now());
    if (update.settings) await this.patchSettings(user.id, user.settings, update.settings);
    return this.profile(user.id);
  }

  /**
   * Read, merge, compare-and-set: two saves at the same moment (the theme toggle and a Settings switch)
   * both land, instead of the later one writing back the settings it read before the other's change.
   */
  private async patchSettings(userId: string, current: string, patch: UserSettingsPatch): Promise<void> {
    let seen = current;
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = parseSettings(seen);
      const after = mergeSettings(before, patch);
      if (choosesUnits(before, patch)) after.preferences.unitsChosen = true;
      const next = JSON.stringify(after);
      if (await this.identity.users.replaceSettings(userId, seen, next, this.identity.now())) {
        await this.hooks.settingsChanged?.(userId, before, after);
        return;
      }
      seen = (await this.user(userId)).settings;
    }
    throw new AppError('conflict', 'Your settings changed while saving. Please try again.');
  }

  async settings(userId: string): Promise<UserSettings> {
    return parseSettings((await this.user(userId)).settings);
  }

  async updateSettings(userId: string, patch: UserSettingsPatch): Promise<UserSettings> {
    return (await this.updateProfile(userId, { settings: patch })).settings;
  }

  /**
   * Deletes the account: its provider tokens revoked at the providers, every row of every table, the
   * uploaded files, and with them every session.
   */
  async deleteAccount(userId: string): Promise<void> {
    const user = await this.user(userId);
    await this.hooks.deleting?.(user.id);
    await this.repo.deleteEverything(user.id, user.email);
    await this.identity.throttle.forgetAccount(user.email, user.id);
    if (UUID.test(user.id)) {
      await fs.rm(path.join(this.dataDir, 'uploads', user.id), { recursive: true, force: true });
    }
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await this.identity.users.findById(userId);
    if (!user) throw identityErrors.sessionExpired();
    return user;
  }
}

/** Stored settings over the SPEC defaults: groups or fields added later get their default. */
export function parseSettings(json: string): UserSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    stored = {};
  }
  const patch = userSettingsPatchSchema.safeParse(stored);
  return mergeSettings(defaultSettings(), patch.success ? patch.data : {});
}

export function toProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.email_verified === 1,
    createdAt: new Date(user.created_at).toISOString(),
    settings: parseSettings(user.settings),
  };
}
