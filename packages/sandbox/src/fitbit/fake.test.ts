import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fake } from './fake';

describe('the Google Health API fake', () => {
  async function withToken() {
    const app = Fastify();
    await app.register(fake, { now: () => Date.parse('2026-11-22T12:00:00Z') });
    const consent = await app.inject({
      method: 'POST',
      url: '/o/oauth2/v2/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=allow&redirect_uri=http%3A%2F%2Fapp%2Fcb&client_id=c',
    });
    const code = new URL(consent.headers.location as string).searchParams.get('code')!;
    const token = await app.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=authorization_code&code=${code}&redirect_uri=http%3A%2F%2Fapp%2Fcb&client_id=c`,
    });
    expect(token.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3_599 });
    return { app, auth: { authorization: `Bearer ${token.json().access_token}` } };
  }

  it('answers errors as Google does: {error: {code, message, status}}', async () => {
    const { app, auth } = await withToken();
    const unauthorized = await app.inject({ url: '/v4/users/me/dataTypes/steps/dataPoints' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const bad = await app.inject({
      url: `/v4/users/me/dataTypes/steps/dataPoints?filter=${encodeURIComponent('weight.sample_time.physical_time >= "2026-11-01T00:00:00Z"')}`,
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    await app.close();
  });

  it('pages sleep 25 at most, newest first, with int64 minutes as strings', async () => {
    const { app, auth } = await withToken();
    const res = await app.inject({
      url: '/v4/users/me/dataTypes/sleep/dataPoints?pageSize=100',
      headers: auth,
    });
    const body = res.json() as {
      dataPoints: { sleep: { interval: { startTime: string }; summary: { minutesAsleep: unknown } } }[];
      nextPageToken?: string;
    };
    expect(body.dataPoints).toHaveLength(25);
    expect(body.nextPageToken).toBeTruthy();
    const starts = body.dataPoints.map((p) => Date.parse(p.sleep.interval.startTime));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    expect(typeof body.dataPoints[0]!.sleep.summary.minutesAsleep).toBe('string');
    await app.close();
  });
});
