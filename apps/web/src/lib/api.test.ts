import { AxiosError, AxiosHeaders } from 'axios';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { api, apiErrorMessage, setActingFor, toApiError } from './api';

function axiosErrorWith(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data,
  });
}

describe('toApiError', () => {
  it('reads the error envelope', () => {
    const error = axiosErrorWith(401, { error: { code: 'auth/wrong-password', message: 'Wrong password' } });
    expect(toApiError(error)).toEqual({
      code: 'auth/wrong-password',
      message: 'Wrong password',
      status: 401,
    });
  });

  it('falls back to the HTTP message when the body is not an envelope', () => {
    expect(toApiError(axiosErrorWith(502, '<html>'))).toMatchObject({ code: 'http', status: 502 });
  });

  it('reports network failures', () => {
    const error = new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });
    expect(toApiError(error).code).toBe('network');
  });
});

describe('apiErrorMessage', () => {
  const t = (key: string) => i18next.t(key);

  it("shows the server's own message in English", () => {
    const error = axiosErrorWith(429, {
      error: { code: 'rate_limited', message: 'Slow down: 3 per minute' },
    });
    expect(apiErrorMessage(error, t, 'en')).toBe('Slow down: 3 per minute');
  });

  it('translates the common codes and statuses, and falls back to the server message', async () => {
    i18next.addResourceBundle('es', 'common', (await import('../i18n/locales/es/common.json')).default);
    await i18next.changeLanguage('es');
    const limited = axiosErrorWith(429, { error: { code: 'rate_limited', message: 'Slow down' } });
    expect(apiErrorMessage(limited, t, 'es')).toBe(i18next.t('common:apiErrors.rateLimited'));
    expect(apiErrorMessage(limited, t, 'es')).toMatch(/solicitudes/);
    expect(apiErrorMessage(axiosErrorWith(404, '<html>'), t, 'es')).toMatch(/no existe/);
    const odd = axiosErrorWith(422, { error: { code: 'import_failed', message: 'The file is broken' } });
    expect(apiErrorMessage(odd, t, 'es')).toBe('The file is broken');
    const offline = new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() });
    expect(apiErrorMessage(offline, t, 'es')).toMatch(/servidor/);
  });
});

describe('the person a caregiver views', () => {
  /** Sends `url` through the client and answers with the headers it went out with. */
  async function sentHeaders(url: string): Promise<AxiosHeaders> {
    const res = await api.get(url, {
      adapter: (config) =>
        Promise.resolve({ data: { data: null }, status: 200, statusText: 'OK', headers: {}, config }),
    });
    return AxiosHeaders.from(res.config.headers);
  }

  afterEach(() => setActingFor(null));

  it("puts the person's id on data calls only, never on the account's own", async () => {
    expect((await sentHeaders('/metrics/summary')).get('X-Person-Id')).toBeUndefined();
    setActingFor('person-1');
    for (const url of ['/metrics/summary', '/metrics?type=weight', '/clinical-records', '/insights']) {
      expect((await sentHeaders(url)).get('X-Person-Id'), url).toBe('person-1');
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
      expect((await sentHeaders(url)).get('X-Person-Id'), url).toBeUndefined();
    }
    setActingFor(null);
    expect((await sentHeaders('/metrics/summary')).get('X-Person-Id')).toBeUndefined();
  });
});
