import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ShlCreated } from '@healthfolio/core';
import { CompactEncrypt } from 'jose';
import type { ClientInfo } from '../../identity/client';
import { AppError, notFound } from '../../http/errors';
import { shareBundle } from './share-fhir';
import { codeMatches, hashCode, newSecret, sha256 } from './share-secrets';
import type { SharesRepository } from './shares.repository';
import { SHARE_VIEW_LIMIT, type SharesService } from './shares.service';
import type { Throttle } from '../../identity/throttle';

/** Wrong passcodes a link takes before it stops answering (the SHL spec asks servers to limit them). */
export const SHL_PASSCODE_ATTEMPTS = 10;
/** How long a file location from a manifest stays valid (the spec: short-lived, at most an hour). */
const FILE_LOCATION_MS = 10 * 60_000;
export const SHL_CONTENT_TYPE = 'application/fhir+json;fhirVersion=4.0.1';

/** The manifest answer of the SMART Health Links specification (not in the API envelope). */
export interface ShlManifest {
  status: 'finalized';
  files: { contentType: string; location?: string; embedded?: string; lastUpdated: string }[];
}

export class ShlError extends Error {
  constructor(
    readonly status: 401 | 404,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? 'SHL error'));
  }
}

const inactive = () =>
  new ShlError(404, { message: 'This SMART Health Link is not active: it was revoked or it expired.' });

/**
 * SMART Health Links (HL7 SMART Health Cards and Links IG, STU1): a share handed over as a `shlink:/`
 * URI whose payload names our manifest URL and a 256-bit key. The share's FHIR Bundle is encrypted once,
 * at creation, as compact JWE (`dir`, `A256GCM`); only the ciphertext is stored and the key exists only
 * in the link. The manifest (POST, optional passcode) answers a short-lived signed file location.
 */
export class ShlService {
  constructor(
    private readonly deps: {
      repo: SharesRepository;
      shares: SharesService;
      throttle: Throttle;
      publicUrl: string;
      now: () => number;
    },
  ) {}

  async create(userId: string, shareId: string, passcode: string | undefined): Promise<ShlCreated> {
    const share = await this.deps.shares.get(userId, shareId);
    const profile = await this.deps.shares.assertLive(share);
    const now = this.deps.now();
    const content = await this.deps.shares.content(share, profile, now);
    const key = randomBytes(32);
    const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(shareBundle(content))))
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: SHL_CONTENT_TYPE })
      .encrypt(key);
    const manifestId = newSecret();
    await this.deps.repo.insertLink({
      id: randomUUID(),
      share_id: share.id,
      user_id: userId,
      manifest_hash: sha256(manifestId),
      passcode_hash: passcode ? hashCode(passcode) : null,
      attempts_left: SHL_PASSCODE_ATTEMPTS,
      file_secret: newSecret(),
      jwe,
      created_at: now,
    });
    const payload = {
      url: `${this.deps.publicUrl}/api/public/shl/${manifestId}`,
      key: key.toString('base64url'),
      exp: Math.floor(Number(share.expires_at) / 1000),
      ...(passcode ? { flag: 'P' } : {}),
      label: `Healthfolio share for ${share.recipient}`.slice(0, 80),
      v: 1,
    };
    const shlink = `shlink:/${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return {
      shlink,
      qr: await (await import('qrcode')).default.toDataURL(shlink, { errorCorrectionLevel: 'M' }),
    };
  }

  /** The manifest request: checks the passcode (401 with `remainingAttempts`), records the view. */
  async manifest(
    manifestId: string,
    body: { recipient: string; passcode?: string | undefined; embeddedLengthMax?: number | undefined },
    client: ClientInfo,
  ): Promise<ShlManifest> {
    await this.deps.throttle.take(`share:ip:${client.ip}`, SHARE_VIEW_LIMIT);
    const link = await this.deps.repo.linkByManifestHash(sha256(manifestId));
    if (!link || link.attempts_left <= 0) throw inactive();
    const share = await this.deps.repo.byId(link.share_id);
    if (!share) throw inactive();
    try {
      await this.deps.shares.assertLive(share);
    } catch (error) {
      if (error instanceof AppError) throw inactive();
      throw error;
    }
    if (link.passcode_hash !== null && !codeMatches(link.passcode_hash, body.passcode ?? '')) {
      const remainingAttempts = await this.deps.repo.spendAttempt(link.id);
      throw new ShlError(401, { message: 'The passcode is not right.', remainingAttempts });
    }
    const now = this.deps.now();
    await this.deps.shares.recordView(
      share,
      {
        ip: client.ip,
        userAgent: `${body.recipient} (SMART Health Link)`.slice(0, 256),
      },
      now,
    );
    const lastUpdated = new Date(Number(link.created_at)).toISOString();
    if (body.embeddedLengthMax !== undefined && link.jwe.length <= body.embeddedLengthMax) {
      return {
        status: 'finalized',
        files: [{ contentType: SHL_CONTENT_TYPE, embedded: link.jwe, lastUpdated }],
      };
    }
    const exp = now + FILE_LOCATION_MS;
    const ticket = `${exp}.${sign(link.file_secret, link.id, exp)}`;
    const location = `${this.deps.publicUrl}/api/public/shl-files/${link.id}?ticket=${ticket}`;
    return { status: 'finalized', files: [{ contentType: SHL_CONTENT_TYPE, location, lastUpdated }] };
  }

  /** A file location handed out by the manifest: the JWE, while the ticket and the share are live. */
  async file(linkId: string, ticket: string): Promise<string> {
    const [expText = '', mac = ''] = ticket.split('.');
    const exp = Number(expText);
    const link = await this.deps.repo.linkById(linkId);
    if (!link || !Number.isFinite(exp) || exp < this.deps.now()) throw notFound('File');
    const expected = Buffer.from(sign(link.file_secret, link.id, exp));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound('File');
    const share = await this.deps.repo.byId(link.share_id);
    if (!share) throw notFound('File');
    await this.deps.shares.assertLive(share);
    return link.jwe;
  }
}

const sign = (secret: string, id: string, exp: number) =>
  createHmac('sha256', secret).update(`${id}.${exp}`).digest('base64url');
