import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { FakeControl } from '../types';
import { fake } from './fake';

describe('the Strava fake', () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  const start = async () => {
    const control: FakeControl = {};
    const app = Fastify();
    await app.register(fake, { now: () => NOW, control });
    const consent = await app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      payload: { decision: 'allow', redirect_uri: 'http://localhost/cb', state: 'st', client_id: 'c' },
    });
    const code = new URL(consent.headers.location as string).searchParams.get('code')!;
    const token = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/cb' },
    });
    return { app, control, token: token.json() as Record<string, unknown> };
  };

  it('answers tokens as Strava does: six hours, expires_at and the athlete', async () => {
    const { app, token } = await start();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 21_600, athlete: { id: 134_815 } });
    expect(token.expires_at).toBe(NOW / 1000 + 21_600);
    await app.close();
  });

  it('lists activities oldest first with `after`, newest first without, at most 200 a page', async () => {
    const { app, token } = await start();
    const list = async (query: string) => {
      const res = await app.inject({
        url: `/athlete/activities?${query}`,
        headers: { authorization: `Bearer ${token.access_token as string}` },
      });
      expect(res.headers['x-ratelimit-limit']).toBe('200,2000');
      return res.json() as { id: number; start_date: string }[];
    };
    const after = (NOW - 30 * 86_400_000) / 1000;
    const ascending = await list(`after=${after}&per_page=200`);
    expect(ascending.length).toBeGreaterThan(15);
    expect(Date.parse(ascending[0]!.start_date)).toBeLessThan(Date.parse(ascending.at(-1)!.start_date));
    const recent = await list('per_page=5');
    expect(recent).toHaveLength(5);
    expect(Date.parse(recent[0]!.start_date)).toBeGreaterThan(Date.parse(recent[4]!.start_date));
    expect(await list('per_page=500&page=1')).toHaveLength(200);
    expect(await list(`after=${after}&page=2&per_page=200`)).toEqual([]);
    await app.close();
  });

  it("answers 401 with Strava's fault body, and takes deauthorize's access_token", async () => {
    const { app, token } = await start();
    const denied = await app.inject({ url: '/athlete', headers: { authorization: 'Bearer nope' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
    });
    const bad = await app.inject({
      url: '/athlete/activities?page=0',
      headers: { authorization: `Bearer ${token.access_token as string}` },
    });
    expect(bad.statusCode).toBe(400);
    const revoke = await app.inject({
      method: 'POST',
      url: '/oauth/deauthorize',
      payload: { access_token: token.access_token },
    });
    expect(revoke.statusCode).toBe(200);
    const after = await app.inject({
      url: '/athlete',
      headers: { authorization: `Bearer ${token.access_token as string}` },
    });
    expect(after.statusCode).toBe(401);
    await app.close();
  });
});
