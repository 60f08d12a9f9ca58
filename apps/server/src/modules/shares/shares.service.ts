import { randomUUID } from 'node:crypto';
import {
  SHARE_DEFAULT_DAYS,
  SHARE_MAX_DAYS,
  shareSections,
  type PublicShare,
  type Share,
  type ShareCreated,
  type ShareSection,
  type UserProfile,
  type ShareRequest,
  type UserSettings,
} from '@healthfolio/core';
import type { ClientInfo } from '../../identity/client';
import type { Throttle } from '../../identity/throttle';
import { AppError, notFound } from '../../http/errors';
import { DAY_MS } from '../metrics';
import { shareContent, type ShareDataDeps } from './share-data';
import { codeMatches, hashCode, newCode, newSecret, sha256, truncateIp } from './share-secrets';
import type { ShareRow, SharesRepository } from './shares.repository';

const MINUTE = 60_000;
/** Public share reads per client address: a person reading a page, not a crawler guessing tokens. */
export const SHARE_VIEW_LIMIT = { max: 60, windowMs: MINUTE };
/** Wrong codes per share before it refuses codes for a while. */
export const SHARE_CODE_LIMIT = { max: 10, windowMs: 15 * MINUTE };

export interface SharesDeps extends ShareDataDeps {
  repo: SharesRepository;
  profile(userId: string): Promise<UserProfile>;
  throttle: Throttle;
  publicUrl: string;
  now: () => number;
  /** Whether the user owns this report (the reports module); absent while reports are not stored. */
  ownsReport?(userId: string, reportId: string): Promise<boolean>;
  /** A finished report's PDF (the reports module); throws when it is not ready. */
  reportPdf?(userId: string, reportId: string): Promise<{ bytes: Buffer; fileName: string }>;
}

const gone = (message: string) => new AppError('share/gone', message);

/** Shares with a clinician (DESIGN "Shares"): the owner's side and the recipient's. */
export class SharesService {
  constructor(private readonly deps: SharesDeps) {}

  async create(userId: string, input: ShareRequest): Promise<ShareCreated> {
    const { settings } = await this.deps.profile(userId);
    if (!settings.privacy.shareWithProviders) {
      throw new AppError(
        'share/disabled',
        'Sharing with providers is off. Turn on “Share with providers” under Settings → Privacy to create a share.',
      );
    }
    if (!recipientAllowed(settings, input.recipient)) {
      throw new AppError(
        'share/recipient-not-allowed',
        `${input.recipient} is not one of your allowed providers (Settings → Data sharing).`,
      );
    }
    const refused = input.sections.find((s) => !sectionAllowed(settings, s));
    if (refused) {
      throw new AppError(
        'share/section-not-allowed',
        refused === 'insights'
          ? 'Sharing insights is off under Settings → Data sharing, so they cannot be part of a share.'
          : 'Sharing your health score is off under Settings → Data sharing, so it cannot be part of a share.',
      );
    }
    if (input.reportId !== undefined) {
      const owns = (await this.deps.ownsReport?.(userId, input.reportId)) ?? false;
      if (!owns) throw notFound('Report');
    }
    const now = this.deps.now();
    const expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : now + SHARE_DEFAULT_DAYS * DAY_MS;
    if (expiresAt <= now || expiresAt > now + SHARE_MAX_DAYS * DAY_MS) {
      throw new AppError('validation', `A share expires between now and ${SHARE_MAX_DAYS} days from now.`, {
        details: [{ field: 'body.expiresAt', message: `must be within ${SHARE_MAX_DAYS} days` }],
      });
    }
    const token = newSecret();
    const code = input.requireCode ? newCode() : undefined;
    const id = randomUUID();
    await this.deps.repo.insert({
      id,
      user_id: userId,
      token_hash: sha256(token),
      code_hash: code ? hashCode(code) : null,
      recipient: input.recipient,
      sections: JSON.stringify(shareSections.filter((s) => input.sections.includes(s))),
      period_from: input.from,
      period_to: input.to,
      report_id: input.reportId ?? null,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    });
    return {
      id,
      url: `${this.deps.publicUrl}/s/${token}`,
      expiresAt: new Date(expiresAt).toISOString(),
      ...(code ? { code } : {}),
    };
  }

  async list(userId: string): Promise<Share[]> {
    const [rows, views] = await Promise.all([this.deps.repo.list(userId), this.deps.repo.views(userId)]);
    const now = this.deps.now();
    return rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      sections: sectionsOf(row),
      from: row.period_from,
      to: row.period_to,
      reportId: row.report_id,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      expiresAt: new Date(Number(row.expires_at)).toISOString(),
      revokedAt: row.revoked_at === null ? null : new Date(Number(row.revoked_at)).toISOString(),
      status: row.revoked_at !== null ? 'revoked' : Number(row.expires_at) <= now ? 'expired' : 'active',
      requiresCode: row.code_hash !== null,
      views: views
        .filter((v) => v.share_id === row.id)
        .map((v) => ({ at: new Date(Number(v.at)).toISOString(), ip: v.ip, userAgent: v.user_agent })),
    }));
  }

  /** The owner's share, or 404 exactly like an unknown id. */
  async get(userId: string, id: string): Promise<ShareRow> {
    const row = await this.deps.repo.get(userId, id);
    if (!row) throw notFound('Share');
    return row;
  }

  async revoke(userId: string, id: string): Promise<void> {
    await this.get(userId, id);
    await this.deps.repo.revoke(userId, id, this.deps.now());
  }

  /** Throws 410 for a revoked or expired share, 403 while its owner does not share it (any more). */
  async assertLive(row: ShareRow): Promise<UserProfile> {
    if (row.revoked_at !== null) {
      throw gone('This share was revoked by the person who made it. Ask them for a new link if you need it.');
    }
    if (Number(row.expires_at) <= this.deps.now()) {
      const day = new Date(Number(row.expires_at)).toISOString().slice(0, 10);
      throw gone(`This share expired on ${day}. Ask the person who made it for a new link if you need it.`);
    }
    const profile = await this.deps.profile(row.user_id);
    const { settings } = profile;
    if (!settings.privacy.shareWithProviders || !recipientAllowed(settings, row.recipient)) {
      throw new AppError('share/disabled', 'The person who made this share has paused sharing.');
    }
    return profile;
  }

  /** The state of a share link for the recipient page's HTTP status: 200, 404 or 410. */
  async linkStatus(token: string): Promise<200 | 404 | 410> {
    const row = await this.deps.repo.byTokenHash(sha256(token));
    if (!row) return 404;
    if (row.revoked_at !== null || Number(row.expires_at) <= this.deps.now()) return 410;
    return 200;
  }

  /** `GET /api/public/shares/:token`: rate-limited, code-checked, and every opening recorded. */
  async open(token: string, code: string | undefined, client: ClientInfo): Promise<PublicShare> {
    const { throttle } = this.deps;
    await throttle.take(`share:ip:${client.ip}`, SHARE_VIEW_LIMIT);
    const row = await this.deps.repo.byTokenHash(sha256(token));
    if (!row) throw notFound('Share');
    const profile = await this.assertLive(row);
    if (row.code_hash !== null) {
      if (!code)
        throw new AppError('share/code-required', 'Enter the 6-digit code you were sent separately.');
      const bucket = `share:code:${row.id}`;
      await throttle.check(bucket, SHARE_CODE_LIMIT);
      if (!codeMatches(row.code_hash, code)) {
        await throttle.recordFailure(bucket);
        throw new AppError(
          'share/wrong-code',
          'That code is not right. Check the code you were sent and try again.',
        );
      }
    }
    const now = this.deps.now();
    await this.recordView(row, client, now);
    return this.content(row, profile, now);
  }

  /** The shared report's PDF, under the same checks as the share itself (the opening is not counted twice). */
  async reportOf(token: string, code: string | undefined, client: ClientInfo) {
    const { throttle } = this.deps;
    await throttle.take(`share:ip:${client.ip}`, SHARE_VIEW_LIMIT);
    const row = await this.deps.repo.byTokenHash(sha256(token));
    if (!row) throw notFound('Share');
    await this.assertLive(row);
    if (row.code_hash !== null && !codeMatches(row.code_hash, code ?? '')) {
      throw new AppError('share/code-required', 'Enter the 6-digit code you were sent separately.');
    }
    if (row.report_id === null || !this.deps.reportPdf) throw notFound('Report');
    return this.deps.reportPdf(row.user_id, row.report_id);
  }

  async recordView(row: ShareRow, client: ClientInfo, at: number): Promise<void> {
    await this.deps.repo.addView({
      share_id: row.id,
      user_id: row.user_id,
      at,
      ip: truncateIp(client.ip),
      user_agent: client.userAgent,
    });
  }

  /** The shared content as the owner's settings allow it now (a section switched off since stays out). */
  content(row: ShareRow, profile: UserProfile, now: number): Promise<PublicShare> {
    const sections = sectionsOf(row).filter((s) => sectionAllowed(profile.settings, s));
    return shareContent(
      this.deps,
      { userId: row.user_id, sections, from: row.period_from, to: row.period_to },
      profile,
      {
        recipient: row.recipient,
        expiresAt: new Date(Number(row.expires_at)).toISOString(),
        generatedAt: new Date(now).toISOString(),
        hasReport: row.report_id !== null && this.deps.reportPdf !== undefined,
      },
    );
  }
}

function sectionsOf(row: ShareRow): ShareSection[] {
  const stored = JSON.parse(row.sections) as string[];
  return shareSections.filter((s) => stored.includes(s));
}

/** `dataSharing.allowedProviders`: when the list is not empty, only a recipient on it (any case). */
function recipientAllowed(settings: UserSettings, recipient: string): boolean {
  const allowed = settings.dataSharing.allowedProviders;
  const name = recipient.trim().toLowerCase();
  return allowed.length === 0 || allowed.some((p) => p.trim().toLowerCase() === name);
}

/** `dataSharing.shareInsights` and `shareHealthScore` govern those sections. */
function sectionAllowed(settings: UserSettings, section: ShareSection): boolean {
  if (section === 'insights') return settings.dataSharing.shareInsights;
  if (section === 'healthScore') return settings.dataSharing.shareHealthScore;
  return true;
}
