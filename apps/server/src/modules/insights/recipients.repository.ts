import type { UserSettings } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseSettings } from '../account';

export interface Recipient {
  email: string;
  notifications: UserSettings['notifications'];
}

/** Whom an insight alert or goal reminder goes to, with the switches that allow it. */
export class RecipientsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: string): Promise<Recipient | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['email', 'settings'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { email: row.email, notifications: parseSettings(row.settings).notifications };
  }
}
