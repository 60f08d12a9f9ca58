import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * `samples`, the one table of millions of rows, keys them by the owner's number (`users.user_no`), not
 * by their 36-character id: every row and every identity-index entry is 35 bytes smaller, and imports
 * write faster (migration 202611260100). `daily_rollups`, which every import writes beside it, is keyed
 * the same way (migration 202612020200). Everything else speaks of users by id; these two helpers turn
 * an id into the number.
 *
 * The number is always found through the id, inside the query or transaction that uses it, never
 * remembered: on SQLite a deleted account's number may be given to a new one.
 */

/** The user's number, as an expression inside a query: `.where('user_no', '=', userNo(userId))`. */
export function userNo(userId: string): RawBuilder<number> {
  return sql<number>`(select user_no from users where id = ${userId})`;
}

/** The user's number, read once (a bulk insert's rows carry it); throws when the account is gone. */
export async function findUserNo(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('user_no').where('id', '=', userId).executeTakeFirst();
  if (!row) throw new Error(`No account ${userId}: its samples cannot be written`);
  return row.user_no;
}
