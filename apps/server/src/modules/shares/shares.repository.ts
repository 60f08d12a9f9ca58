import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ShareLinksTable, SharesTable, ShareViewsTable } from '../../db/schema';

export type ShareRow = Selectable<SharesTable>;
export type ShareViewRow = Selectable<ShareViewsTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;

/** Queries on `shares`, `share_views` and `share_links`; owner reads are scoped to one user. */
export class SharesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ShareRow): Promise<void> {
    await this.db.insertInto('shares').values(row).execute();
  }

  list(userId: string): Promise<ShareRow[]> {
    return this.db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  get(userId: string, id: string): Promise<ShareRow | undefined> {
    return this.db
      .selectFrom('shares')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byTokenHash(tokenHash: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('shares').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  byId(id: string): Promise<ShareRow | undefined> {
    return this.db.selectFrom('shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Revokes once: a second revocation keeps the first time. */
  async revoke(userId: string, id: string, at: number): Promise<void> {
    await this.db
      .updateTable('shares')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async addView(row: Insertable<ShareViewsTable>): Promise<void> {
    await this.db.insertInto('share_views').values(row).execute();
  }

  /** The views of the user's shares, newest first. */
  views(userId: string): Promise<ShareViewRow[]> {
    return this.db
      .selectFrom('share_views')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async insertLink(row: ShareLinkRow): Promise<void> {
    await this.db.insertInto('share_links').values(row).execute();
  }

  linkByManifestHash(hash: string): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('share_links').selectAll().where('manifest_hash', '=', hash).executeTakeFirst();
  }

  linkById(id: string): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One wrong passcode spent; answers how many attempts are left. */
  async spendAttempt(id: string): Promise<number> {
    await this.db
      .updateTable('share_links')
      .set((eb) => ({ attempts_left: eb('attempts_left', '-', 1) }))
      .where('id', '=', id)
      .where('attempts_left', '>', 0)
      .execute();
    const row = await this.db
      .selectFrom('share_links')
      .select('attempts_left')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.attempts_left ?? 0;
  }
}
