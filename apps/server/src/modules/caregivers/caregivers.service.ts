import { randomUUID } from 'node:crypto';
import {
  CAREGIVER_PERMISSION_LABELS,
  CAREGIVER_PERMISSIONS,
  type CaregiverGiven,
  type CaregiverInviteRequest,
  type CaregiverList,
  type CaregiverPermission,
  type CaregiverReceived,
  type CaregiverStatus,
} from '@healthfolio/core';
import type { Audit } from '../../identity/audit';
import type { ClientInfo } from '../../identity/client';
import type { UsersRepository } from '../../identity/users.repository';
import { AppError, notFound } from '../../http/errors';
import type { MailLog, Mailer } from '../../mail/mailer';
import { caregiverInvitationMail } from './caregiver-mail';
import type { CaregiversRepository, GrantRow, GrantWithPerson } from './caregivers.repository';

export interface CaregiversDeps {
  repo: CaregiversRepository;
  users: Pick<UsersRepository, 'findById'>;
  audit: Audit;
  mailer: Mailer;
  log: MailLog;
  publicUrl: string;
  now: () => number;
}

/** Who acts for whom, once a request passed the checks of `actFor`. */
export interface CaregiverActing {
  grantId: string;
  caregiverId: string;
  personId: string;
  permissions: CaregiverPermission[];
}

/** What a caregiver's request is, for the person's audit log. */
export interface AccessInfo {
  method: string;
  route: string;
  client: ClientInfo;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

const notPermitted = (message: string) => new AppError('auth/not-permitted', message);

/** Caregivers (DESIGN "Caregivers"): invitations, acceptance, revocation, and acting for a person. */
export class CaregiversService {
  constructor(private readonly deps: CaregiversDeps) {}

  async invite(userId: string, input: CaregiverInviteRequest, client: ClientInfo): Promise<CaregiverGiven> {
    const { repo, now } = this.deps;
    const person = await this.user(userId);
    if (input.email === person.email.toLowerCase()) {
      throw new AppError('validation', 'You cannot be your own caregiver: invite someone else’s address.', {
        details: [{ field: 'body.email', message: 'is your own address' }],
      });
    }
    const at = now();
    const endsAt = input.endsAt === undefined ? null : Date.parse(input.endsAt);
    if (endsAt !== null && endsAt <= at) {
      throw new AppError('validation', 'The end date must be in the future.', {
        details: [{ field: 'body.endsAt', message: 'must be in the future' }],
      });
    }
    const open = await repo.openTo(userId, input.email);
    if (open.some((row) => !isEnded(row, at))) {
      throw new AppError(
        'conflict',
        `${input.email} already has an invitation or access from you. Revoke it first to change what they may do.`,
      );
    }
    const permissions = CAREGIVER_PERMISSIONS.filter((p) => input.permissions.includes(p));
    const row: GrantRow = {
      id: randomUUID(),
      user_id: userId,
      caregiver_email: input.email,
      caregiver_id: null,
      permissions: JSON.stringify(permissions),
      ends_at: endsAt,
      created_at: at,
      accepted_at: null,
      revoked_at: null,
    };
    await repo.insert(row);
    await this.deps.audit.record(userId, 'caregiver.invited', client, {
      email: input.email,
      permissions,
      ...(endsAt === null ? {} : { endsAt: iso(endsAt) }),
    });
    try {
      await this.deps.mailer.send(
        caregiverInvitationMail(
          input.email,
          `${this.deps.publicUrl}/settings#caregivers`,
          { name: person.name, email: person.email },
          permissions,
          endsAt,
        ),
      );
    } catch (error) {
      // The grant stands: the invitee sees it under Settings → Caregivers when they sign in.
      this.deps.log.error({ err: error }, 'the caregiver invitation mail could not be sent');
    }
    return this.given({ ...row, other_name: null, other_email: null }, at);
  }

  async list(userId: string): Promise<CaregiverList> {
    const me = await this.user(userId);
    const verified = me.email_verified === 1;
    const [given, received] = await Promise.all([
      this.deps.repo.given(userId),
      this.deps.repo.received(userId, verified ? me.email.toLowerCase() : null),
    ]);
    const at = this.deps.now();
    return {
      given: given.map((row) => this.given(row, at)),
      received: received.map((row) => this.received(row, at)),
      emailVerified: verified,
    };
  }

  /** Accepts an invitation made to the account's verified address; anyone else's is 404. */
  async accept(userId: string, id: string, client: ClientInfo): Promise<CaregiverReceived> {
    const me = await this.user(userId);
    const email = me.email.toLowerCase();
    const row = await this.deps.repo.byId(id);
    const mine = row !== undefined && row.caregiver_id === null && row.caregiver_email === email;
    if (!row || !mine) throw notFound('Caregiver invitation');
    if (me.email_verified !== 1) {
      throw new AppError(
        'forbidden',
        'Verify your email address first (the link in the verification mail), then accept the invitation.',
      );
    }
    const at = this.deps.now();
    if (row.revoked_at !== null || isEnded(row, at)) {
      throw new AppError('conflict', 'This invitation was withdrawn or has ended; it cannot be accepted.');
    }
    if (!(await this.deps.repo.accept(id, userId, email, at))) throw notFound('Caregiver invitation');
    await this.deps.audit.record(row.user_id, 'caregiver.accepted', client, { caregiver: email });
    const person = await this.user(row.user_id);
    return this.received(
      { ...row, caregiver_id: userId, accepted_at: at, other_name: person.name, other_email: person.email },
      at,
    );
  }

  /** Revokes from either side (the person, or the caregiver — declining an invitation too). */
  async revoke(userId: string, id: string, client: ClientInfo): Promise<void> {
    const row = await this.deps.repo.byId(id);
    const me = await this.user(userId);
    const invitee =
      row !== undefined &&
      row.caregiver_id === null &&
      me.email_verified === 1 &&
      row.caregiver_email === me.email.toLowerCase();
    if (!row || (row.user_id !== userId && row.caregiver_id !== userId && !invitee)) {
      throw notFound('Caregiver');
    }
    if (row.revoked_at !== null) return;
    await this.deps.repo.revoke(id, this.deps.now());
    await this.deps.audit.record(row.user_id, 'caregiver.revoked', client, {
      caregiver: row.caregiver_email,
      by: row.user_id === userId ? 'you' : 'caregiver',
    });
  }

  /**
   * The check every request with `X-Person-Id` passes (http/caregiver-auth.ts): an accepted, unrevoked,
   * unexpired grant from that person to the signed-in user, holding the route's permission. Read on each
   * request, so a revocation or an end date takes effect at once. Each access is in the person's audit log.
   */
  async actFor(
    caregiverId: string,
    personId: string,
    permission: CaregiverPermission | undefined,
    access: AccessInfo,
  ): Promise<CaregiverActing> {
    const row = await this.deps.repo.accepted(personId, caregiverId);
    // The same words whether the person exists or not: the header is no way to probe for accounts.
    if (!row) throw notPermitted('You do not have access to this person’s data.');
    const at = this.deps.now();
    if (isEnded(row, at)) {
      throw notPermitted(`Your access to this person’s data ended on ${iso(row.ends_at)?.slice(0, 10)}.`);
    }
    if (!permission) {
      throw notPermitted(
        'This part of Healthfolio is for each account’s own use. Switch back to your own data to use it.',
      );
    }
    const permissions = permissionsOf(row);
    if (!permissions.includes(permission)) {
      throw notPermitted(
        `This person has not allowed you to do this (“${CAREGIVER_PERMISSION_LABELS[permission]}”).`,
      );
    }
    const caregiver = await this.deps.users.findById(caregiverId);
    await this.deps.audit.record(personId, 'caregiver.access', access.client, {
      caregiver: caregiver?.email ?? caregiverId,
      permission,
      request: `${access.method} ${access.route}`,
    });
    return { grantId: row.id, caregiverId, personId, permissions };
  }

  private async user(userId: string) {
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('User');
    return user;
  }

  private given(row: GrantWithPerson, at: number): CaregiverGiven {
    return {
      ...common(row, at),
      email: row.caregiver_email,
      caregiverName: row.caregiver_id === null ? null : row.other_name,
    };
  }

  private received(row: GrantWithPerson, at: number): CaregiverReceived {
    return {
      ...common(row, at),
      personId: row.user_id,
      personName: row.other_name ?? '',
      personEmail: row.other_email ?? '',
    };
  }
}

function isEnded(row: GrantRow, at: number): boolean {
  return row.ends_at !== null && Number(row.ends_at) <= at;
}

export function statusOf(row: GrantRow, at: number): CaregiverStatus {
  if (row.revoked_at !== null) return 'revoked';
  if (isEnded(row, at)) return 'ended';
  return row.accepted_at === null ? 'pending' : 'active';
}

function permissionsOf(row: GrantRow): CaregiverPermission[] {
  const stored = JSON.parse(row.permissions) as string[];
  return CAREGIVER_PERMISSIONS.filter((p) => stored.includes(p));
}

function common(row: GrantRow, at: number) {
  return {
    id: row.id,
    permissions: permissionsOf(row),
    status: statusOf(row, at),
    endsAt: iso(row.ends_at),
    createdAt: iso(row.created_at) ?? '',
    acceptedAt: iso(row.accepted_at),
    revokedAt: iso(row.revoked_at),
  };
}
