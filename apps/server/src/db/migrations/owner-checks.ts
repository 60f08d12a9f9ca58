import { sql, type Kysely } from 'kysely';

/** The tables keyed by the owner's number (`users.user_no`) whose owner PostgreSQL checks per statement. */
export type NumberedTable = 'samples' | 'daily_rollups' | 'rollup_pending_days';

/**
 * PostgreSQL: the guarantee of a foreign key `table.user_no → users.user_no on delete cascade`, checked
 * once per statement instead of once per row (a per-row key costs a lookup for each row a COPY writes):
 * - after each statement inserting or updating `table`, the distinct owners of its new rows are locked
 *   `for key share` (what the key does per row, so an account deletion and a write wait for each other)
 *   and an owner without a user fails the statement with the key's own error code (23503);
 * - deleting a user deletes their rows of `table`.
 * Landed migrations call this (202612020100, 202612020200, 202612021200): never change what it creates — a different
 * check is a new function and a new migration.
 */
export async function addOwnerChecks(db: Kysely<unknown>, table: NumberedTable): Promise<void> {
  const check = sql.raw(`${table}_owners_exist`);
  const message = `insert or update on table "${table}": no user numbered %s`;
  await sql`create function ${check}() returns trigger language plpgsql as $$
    declare
      missing integer;
    begin
      perform 1 from users where user_no in (select distinct user_no from new_rows) for key share;
      select n.user_no into missing from (select distinct user_no from new_rows) n
        where not exists (select 1 from users u where u.user_no = n.user_no) limit 1;
      if found then
        raise foreign_key_violation using message = format(${sql.lit(message)}, missing);
      end if;
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`create trigger ${sql.raw(`${table}_owners_exist_${event}`)} after ${sql.raw(event)}
      on ${sql.table(table)} referencing new table as new_rows
      for each statement execute function ${check}()`.execute(db);
  }
  const cascade = sql.raw(`users_delete_${table}`);
  await sql`create function ${cascade}() returns trigger language plpgsql as $$
    begin
      delete from ${sql.table(table)} where user_no = old.user_no;
      return old;
    end $$`.execute(db);
  await sql`create trigger ${cascade} before delete on users for each row execute function ${cascade}()`.execute(
    db,
  );
}

/** Undoes `addOwnerChecks(db, table)`. */
export async function dropOwnerChecks(db: Kysely<unknown>, table: NumberedTable): Promise<void> {
  await sql`drop trigger ${sql.raw(`users_delete_${table}`)} on users`.execute(db);
  await sql`drop function ${sql.raw(`users_delete_${table}`)}()`.execute(db);
  for (const event of ['update', 'insert']) {
    await sql`drop trigger ${sql.raw(`${table}_owners_exist_${event}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function ${sql.raw(`${table}_owners_exist`)}()`.execute(db);
}
