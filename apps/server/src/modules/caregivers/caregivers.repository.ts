import type { Kysely, Selectable } from 'kysely';
import type { CaregiverGrantsTable, Database } from '../../db/schema';

export type GrantRow = Selectable<CaregiverGrantsTable>;
/** A grant with the other side's name and address, as the lists show it. */
export type GrantWithPerson = GrantRow & { other_name: string | null; other_email: string | null };

/** Queries on `caregiver_grants`; every read is scoped to one side of the grant. */
export class CaregiversRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: GrantRow): Promise<void> {
    await this.db.insertInto('caregiver_grants').values(row).execute();
  }

  /** The grants the person gave, with the caregiver's name once accepted; newest first. */
  given(userId: string): Promise<GrantWithPerson[]> {
    return this.db
      .selectFrom('caregiver_grants as g')
      .leftJoin('users as u', 'u.id', 'g.caregiver_id')
      .selectAll('g')
      .select(['u.name as other_name', 'u.email as other_email'])
      .where('g.user_id', '=', userId)
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id')
      .execute();
  }

  /**
   * The grants made to this account: accepted by it, or still waiting at its (verified) address.
   * With the person's name and address; newest first.
   */
  received(caregiverId: string, email: string | null): Promise<GrantWithPerson[]> {
    return this.db
      .selectFrom('caregiver_grants as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .selectAll('g')
      .select(['u.name as other_name', 'u.email as other_email'])
      .where((eb) =>
        email === null
          ? eb('g.caregiver_id', '=', caregiverId)
          : eb.or([
              eb('g.caregiver_id', '=', caregiverId),
              eb.and([eb('g.caregiver_id', 'is', null), eb('g.caregiver_email', '=', email)]),
            ]),
      )
      .orderBy('g.created_at', 'desc')
      .orderBy('g.id')
      .execute();
  }

  byId(id: string): Promise<GrantRow | undefined> {
    return this.db.selectFrom('caregiver_grants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The grants not revoked from the person to this address (ended ones too: the caller checks). */
  openTo(userId: string, email: string): Promise<GrantRow[]> {
    return this.db
      .selectFrom('caregiver_grants')
      .selectAll()
      .where('user_id', '=', userId)
      .where('caregiver_email', '=', email)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The accepted, unrevoked grant from the person to the caregiver (end date checked by the caller). */
  accepted(personId: string, caregiverId: string): Promise<GrantRow | undefined> {
    return this.db
      .selectFrom('caregiver_grants')
      .selectAll()
      .where('user_id', '=', personId)
      .where('caregiver_id', '=', caregiverId)
      .where('accepted_at', 'is not', null)
      .where('revoked_at', 'is', null)
      .orderBy('accepted_at', 'desc')
      .executeTakeFirst();
  }

  /** Accepts a pending invitation at this address: once. Answers whether it did. */
  async accept(id: string, caregiverId: string, email: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('caregiver_grants')
      .set({ caregiver_id: caregiverId, accepted_at: at })
      .where('id', '=', id)
      .where('caregiver_id', 'is', null)
      .where('caregiver_email', '=', email)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes once: a second revocation keeps the first time. */
  async revoke(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('caregiver_grants')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
