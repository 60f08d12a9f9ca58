import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Reads `settings.preferences.includeSandboxData`: whether what sandbox connections bring (generated
 * data) counts in the person's merged days, insights, goals and exports. Off unless they turned it on.
 * Read once per write transaction and per request, never per sample.
 */
export class SandboxPreferenceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async includesSandbox(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return false;
    try {
      const settings: unknown = JSON.parse(row.settings);
      return (
        (settings as { preferences?: { includeSandboxData?: unknown } } | null)?.preferences
          ?.includeSandboxData === true
      );
    } catch {
      return false;
    }
  }
}
