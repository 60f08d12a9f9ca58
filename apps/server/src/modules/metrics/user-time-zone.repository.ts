import { isTimeZone } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reads the zone the web app stored in `settings.preferences.timeZone`. */
export class UserTimeZoneRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      const settings: unknown = JSON.parse(row.settings);
      const zone = (settings as { preferences?: { timeZone?: unknown } } | null)?.preferences?.timeZone;
      return typeof zone === 'string' && isTimeZone(zone) ? zone : undefined;
    } catch {
      return undefined;
    }
  }
}
