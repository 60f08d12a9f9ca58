import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * PostgreSQL: `samples` keeps its owner's integrity with one check per statement instead of one per row.
 *
 * The foreign key `samples.user_no → users.user_no` ran a lookup (a key-share lock on the user) for every
 * row a COPY wrote: about 10 s of the server's time for a 1 M-Record Apple Health import on this machine
 * (1 M rows into a copy of the table: 20–22 s with the key, 10 s without). The same guarantee now comes
 * from two triggers:
 * - after each statement writing `samples`, the distinct owners of its new rows are locked `for key share`
 *   (what the key did per row, so a concurrent account deletion waits for the import's commit, and the
 *   import for the deletion's), and any owner without a user fails the statement with the foreign key's
 *   own error code (23503);
 * - deleting a user deletes their samples (the key's `on delete cascade`).
 * Account deletion deletes samples itself first (db/user-owned-tables.ts), so the cascade is a second net.
 * SQLite keeps its foreign key: its check is an in-process index probe that costs the import nothing
 * measurable.
 */
export const samplesOwnerCheck: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create function samples_owners_exist() returns trigger language plpgsql as $$
      declare
        missing integer;
      begin
        perform 1 from users where user_no in (select distinct user_no from new_samples) for key share;
        select n.user_no into missing from (select distinct user_no from new_samples) n
          where not exists (select 1 from users u where u.user_no = n.user_no) limit 1;
        if found then
          raise foreign_key_violation using
            message = format('insert or update on table "samples": no user numbered %s', missing);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger samples_owners_exist_insert after insert on samples
      referencing new table as new_samples for each statement execute function samples_owners_exist()`.execute(
      db,
    );
    await sql`create trigger samples_owners_exist_update after update on samples
      referencing new table as new_samples for each statement execute function samples_owners_exist()`.execute(
      db,
    );
    await sql`create function users_delete_samples() returns trigger language plpgsql as $$
      begin
        delete from samples where user_no = old.user_no;
        return old;
      end $$`.execute(db);
    await sql`create trigger users_delete_samples before delete on users
      for each row execute function users_delete_samples()`.execute(db);
    await sql`alter table samples drop constraint samples_user_no_fk`.execute(db);
  },
  async down(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await sql`alter table samples add constraint samples_user_no_fk foreign key (user_no)
      references users (user_no) on delete cascade`.execute(db);
    await sql`drop trigger users_delete_samples on users`.execute(db);
    await sql`drop function users_delete_samples()`.execute(db);
    await sql`drop trigger samples_owners_exist_update on samples`.execute(db);
    await sql`drop trigger samples_owners_exist_insert on samples`.execute(db);
    await sql`drop function samples_owners_exist()`.execute(db);
  },
};
