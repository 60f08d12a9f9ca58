import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { toApiError } from './api';

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
