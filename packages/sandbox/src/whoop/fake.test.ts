import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fake } from './fake';

describe('the WHOOP fake', () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');

  it('pages newest first with next_token, refuses a limit over 25, and needs a token', async () => {
    const app = Fastify();
    await app.register(fake, { now: () => NOW });
    const consent = await app.inject({
      method: 'POST',
      url: '/oauth/oauth2/auth',
      payload: { decision: 'allow', redirect_uri: 'http://localhost/cb', state: 'st-12345' },
    });
    const code = new URL(consent.headers.location as string).searchParams.get('code')!;
    const token = (
      await app.inject({
        method: 'POST',
        url: '/oauth/oauth2/token',
        payload: { grant_type: 'authorization_code', code, redirect_uri: 'http://localhost/cb' },
      })
    ).json() as { access_token: string };
    const get = (url: string) =>
      app.inject({ url, headers: { authorization: `Bearer ${token.access_token}` } });

    const week = `start=${new Date(NOW - 7 * 86_400_000).toISOString()}&end=${new Date(NOW).toISOString()}`;
    const first = await get(`/v2/cycle?${week}&limit=5`);
    expect(first.headers['x-ratelimit-remaining']).toBeDefined();
    const body = first.json() as {
      records: { id: number; start: string; end?: string }[];
      next_token?: string;
    };
    expect(body.records).toHaveLength(5);
    expect(body.records[0]!.end).toBeUndefined(); // the cycle under way
    expect(Date.parse(body.records[0]!.start)).toBeGreaterThan(Date.parse(body.records[4]!.start));
    const second = (await get(`/v2/cycle?${week}&limit=5&nextToken=${body.next_token!}`)).json() as {
      records: { id: number }[];
      next_token?: string;
    };
    expect(second.records.length).toBeGreaterThanOrEqual(3);
    expect(second.records[0]!.id).toBe(body.records[4]!.id - 1);
    expect(second.next_token).toBeUndefined();

    expect((await get('/v2/recovery?limit=26')).statusCode).toBe(400);
    expect((await get('/v2/activity/sleep?start=yesterday')).statusCode).toBe(400);
    expect((await app.inject({ url: '/v2/recovery' })).statusCode).toBe(401);
    await app.close();
  });
});
