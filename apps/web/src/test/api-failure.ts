import { HttpError, type RequestConfig } from '../lib/http';

/**
 * A call the server answered with an error status, as the HTTP client rejects it (lib/http.ts): what the
 * web's tests hand to a mocked api function to stand for a refused request. `body` is the answer's body —
 * the API's `{error: {code, message}}` envelope, or whatever else a proxy may send.
 */
export function apiFailure(
  request: Pick<RequestConfig, 'method' | 'url'>,
  status: number,
  body: unknown,
  message = 'Request failed',
): HttpError {
  return new HttpError(message, request, { status, headers: {}, data: body });
}
