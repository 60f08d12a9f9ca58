import { isTimeZone } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Reads the zone (and the language) the web app stored in `settings.preferences`. */
export class UserTimeZoneRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(userId: string): Promise<string | undefined> {
    const zone = (await this.preferences(userId))?.timeZone;
    return typeof zone === 'string' && isTimeZone(zone) ? zone : undefined;
  }

  /** The person's language ('en', 'es', 'de' …), for words the server writes (insights). */
  async language(userId: string): Promise<string | undefined> {
    const language = (await this.preferences(userId))?.language;
    return typeof language === 'string' ? language : undefined;
  }

  private async preferences(userId: string): Promise<{ timeZone?: unknown; language?: unknown } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      const settings: unknown = JSON.parse(row.settings);
      return (settings as { preferences?: { timeZone?: unknown; language?: unknown } } | null)?.preferences;
    } catch {
      return undefined;
    }
  }
}
