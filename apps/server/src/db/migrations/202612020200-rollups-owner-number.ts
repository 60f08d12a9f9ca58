import { sql, type Kysely } from 'kysely';
import { addOwnerChecks, dropOwnerChecks } from './owner-checks';
import type { AppMigration } from './types';

/**
 * `daily_rollups` keys its rows by the owner's number (`users.user_no`), as `samples` does since
 * 202611260100 (issue 26): the metrics module then speaks of one owner key in both of its tables, and
 * every row and primary-key entry is 35 bytes smaller. The primary key is the same with the number first:
 * (user_no, kind, local_day, source, device).
 *
 * - PostgreSQL: the number is added, filled from the owner's id, and the id dropped with its foreign key.
 *   The owner's integrity is that of `samples` (202612020100), not a per-row foreign key: after each
 *   statement writing `daily_rollups` the distinct owners of its new rows are locked `for key share` and
 *   an owner without a user fails the statement with the foreign key's error code (23503); deleting a
 *   user deletes their rollups — `addOwnerChecks` (owner-checks.ts), the mechanism samples use.
 * - SQLite: the table is rebuilt with its rows (still `without rowid`), the number referencing
 *   `users (user_no)` on delete cascade, in one transaction.
 */
export const rollupsOwnerNumber: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    if (dialect === 'postgres') {
      await sql`alter table daily_rollups add column user_no integer`.execute(db);
      await sql`update daily_rollups set user_no = users.user_no from users
        where users.id = daily_rollups.user_id`.execute(db);
      await sql`alter table daily_rollups alter column user_no set not null`.execute(db);
      await sql`alter table daily_rollups drop constraint daily_rollups_pk`.execute(db);
      await sql`alter table daily_rollups drop column user_id`.execute(db);
      await addPrimaryKey(db, 'user_no');
      await addOwnerChecks(db, 'daily_rollups');
      return;
    }
    await db.transaction().execute((trx) => rebuildRollups(trx, 'user_no'));
  },

  async down(db: Kysely<unknown>, dialect) {
    if (dialect === 'postgres') {
      await dropOwnerChecks(db, 'daily_rollups');
      await sql`alter table daily_rollups add column user_id text references users (id) on delete cascade`.execute(
        db,
      );
      await sql`update daily_rollups set user_id = users.id from users
        where users.user_no = daily_rollups.user_no`.execute(db);
      await sql`alter table daily_rollups alter column user_id set not null`.execute(db);
      await sql`alter table daily_rollups drop constraint daily_rollups_pk`.execute(db);
      await sql`alter table daily_rollups drop column user_no`.execute(db);
      await addPrimaryKey(db, 'user_id');
      return;
    }
    await db.transaction().execute((trx) => rebuildRollups(trx, 'user_id'));
  },
};

type OwnerColumn = 'user_no' | 'user_id';

const ROLLUP_COLUMNS = [
  'kind',
  'local_day',
  'source',
  'device',
  'count',
  'sum',
  'min',
  'max',
  'last_value',
  'last_at',
];

async function addPrimaryKey(db: Kysely<unknown>, owner: OwnerColumn): Promise<void> {
  await sql`alter table daily_rollups add constraint daily_rollups_pk
    primary key (${sql.ref(owner)}, kind, local_day, source, device)`.execute(db);
}

/** SQLite: `daily_rollups` again with its owner in `owner` (the other of user_no and user_id), rows kept. */
async function rebuildRollups(db: Kysely<unknown>, owner: OwnerColumn): Promise<void> {
  const [type, key, from] =
    owner === 'user_no' ? ['integer', 'user_no', 'user_id'] : ['text', 'id', 'user_no'];
  await sql`create table daily_rollups_rebuilt (
    ${sql.ref(owner)} ${sql.raw(type)} not null references users (${sql.ref(key)}) on delete cascade,
    kind text not null,
    local_day integer not null,
    source text not null,
    device text default '' not null,
    "count" integer not null,
    "sum" double precision not null,
    "min" double precision,
    "max" double precision,
    last_value double precision,
    last_at bigint,
    constraint daily_rollups_pk primary key (${sql.ref(owner)}, kind, local_day, source, device)
  ) without rowid`.execute(db);
  const columns = sql.join(ROLLUP_COLUMNS.map((c) => sql.ref(c)));
  const selected = sql.join(ROLLUP_COLUMNS.map((c) => sql.ref(`daily_rollups.${c}`)));
  await sql`insert into daily_rollups_rebuilt (${sql.ref(owner)}, ${columns})
    select users.${sql.ref(key)}, ${selected}
    from daily_rollups join users on users.${sql.ref(from === 'user_id' ? 'id' : 'user_no')} = daily_rollups.${sql.ref(from)}`.execute(
    db,
  );
  await sql`drop table daily_rollups`.execute(db);
  await sql`alter table daily_rollups_rebuilt rename to daily_rollups`.execute(db);
}
