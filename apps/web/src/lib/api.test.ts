import type { Goal, GoalInput, GoalList, InsightList } from '@healthfolio/core';
import i18next from 'i18next';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { apiError, noContent, onApi } from '../test/msw';
import { api, apiErrorMessage, httpClient, setActingFor, toApiError } from './api';
import { HttpError, type PreparedRequest } from './http';

function httpErrorWith(status: number, data: unknown): HttpError {
  return new HttpError('Request failed', { method: 'get', url: '/metrics' }, { status, headers: {}, data });
}

const offline = () => new HttpError('Network Error', { method: 'get', url: '/metrics' });

describe('toApiError', () => {
  it('reads the error envelope', () => {
    const error = httpErrorWith(401, { error: { code: 'auth/wrong-password', message: 'Wrong password' } });
    expect(toApiError(error)).toEqual({
      code: 'auth/wrong-password',
      message: 'Wrong password',
      status: 401,
    });
  });

  it('falls back to the HTTP message when the body is not an envelope', () => {
    expect(toApiError(httpErrorWith(502, '<html>'))).toMatchObject({ code: 'http', status: 502 });
  });

  it('reports network failures', () => {
    expect(toApiError(offline()).code).toBe('network');
  });
});

describe('apiErrorMessage', () => {
  const t = (key: string) => i18next.t(key);

  it("shows the server's own message in English", () => {
    const error = httpErrorWith(429, {
      error: { code: 'rate_limited', message: 'Slow down: 3 per minute' },
    });
    expect(apiErrorMessage(error, t, 'en')).toBe('Slow down: 3 per minute');
  });

  it('translates the common codes and statuses, and falls back to the server message', async () => {
    i18next.addResourceBundle('es', 'common', (await import('../i18n/locales/es/common.json')).default);
    await i18next.changeLanguage('es');
    const limited = httpErrorWith(429, { error: { code: 'rate_limited', message: 'Slow down' } });
    expect(apiErrorMessage(limited, t, 'es')).toBe(i18next.t('common:apiErrors.rateLimited'));
    expect(apiErrorMessage(limited, t, 'es')).toMatch(/solicitudes/);
    expect(apiErrorMessage(httpErrorWith(404, '<html>'), t, 'es')).toMatch(/no existe/);
    const odd = httpErrorWith(422, { error: { code: 'import_failed', message: 'The file is broken' } });
    expect(apiErrorMessage(odd, t, 'es')).toBe('The file is broken');
    expect(apiErrorMessage(offline(), t, 'es')).toMatch(/servidor/);
  });
});

describe('the person a caregiver views', () => {
  /** Runs the client's request hooks over a call to `url`; answers the headers it would go out with. */
  function sentHeaders(url: string): Headers {
    const config: PreparedRequest = { method: 'get', url, headers: new Headers() };
    for (const hook of httpClient.hooks.onRequest) hook(config);
    return config.headers;
  }

  afterEach(() => setActingFor(null));

  it("puts the person's id on data calls only, never on the account's own", () => {
    expect(sentHeaders('/metrics/summary').get('X-Person-Id')).toBeNull();
    setActingFor('person-1');
    for (const url of ['/metrics/summary', '/metrics?type=weight', '/clinical-records', '/insights']) {
      expect(sentHeaders(url).get('X-Person-Id'), url).toBe('person-1');
    }
    for (const url of [
      '/auth/me',
      '/settings',
      '/settings/audit-log',
      '/caregivers',
      '/identity/sessions',
      '/tokens',
      '/shares',
    ]) {
      expect(sentHeaders(url).get('X-Person-Id'), url).toBeNull();
    }
    setActingFor(null);
    expect(sentHeaders('/metrics/summary').get('X-Person-Id')).toBeNull();
  });
});

describe('api, typed by route from the contracts in core', () => {
  const input: GoalInput = { metric: 'steps', target: 8000, direction: 'at_least', period: 'daily' };

  it('fills the path, sends the query and body, and answers the envelope’s data', async () => {
    const puts = onApi('put', '/api/goals/:id', { id: 'g 1', title: 'Walk' });
    const gets = onApi('get', '/api/insights', { items: [] });
    await expect(api.put('/api/goals/:id', { params: { id: 'g 1' }, body: input })).resolves.toEqual({
      id: 'g 1',
      title: 'Walk',
    });
    await expect(api.get('/api/insights', { query: { type: 'trend', severity: 'all' } })).resolves.toEqual({
      items: [],
    });
    expect(puts.map(({ path, body }) => [path, body])).toEqual([['/api/goals/g%201', input]]);
    expect(gets[0]?.query).toEqual({ type: 'trend', severity: 'all' });
  });

  it('answers undefined for a 204, and rejects with the error envelope as before', async () => {
    onApi('delete', '/api/goals/:id', noContent());
    onApi('post', '/api/goals', apiError(400, 'validation', 'target: Too small'));
    await expect(api.delete('/api/goals/:id', { params: { id: 'g1' } })).resolves.toBeUndefined();
    const refusal = await api.post('/api/goals', { body: input }).catch((error: unknown) => error);
    expect(toApiError(refusal)).toEqual({ code: 'validation', message: 'target: Too small', status: 400 });
  });

  it('takes its types from the route: the answer, and what the call must send', () => {
    expectTypeOf<ReturnType<typeof api.get<'/api/goals'>>>().resolves.toEqualTypeOf<GoalList>();
    expectTypeOf<ReturnType<typeof api.put<'/api/goals/:id'>>>().resolves.toEqualTypeOf<Goal>();
    expectTypeOf<ReturnType<typeof api.get<'/api/insights'>>>().resolves.toEqualTypeOf<InsightList>();
    const typeOnly = () => {
      // @ts-expect-error: no such route in the contracts
      void api.get('/api/nowhere');
      // @ts-expect-error: the route takes a body
      void api.post('/api/goals');
      // @ts-expect-error: the path's :id is needed
      void api.put('/api/goals/:id', { body: input });
      // @ts-expect-error: a target is a number
      void api.post('/api/goals', { body: { ...input, target: 'lots' } });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
