import type { ApiBody, ApiMethod, ApiPath, ApiPathParams, ApiQuery, ApiResponse } from '@healthfolio/core';
import { currentLocale } from '../i18n';
import { createHttpClient, HttpError, type HttpResponse, type ParamValue, type RequestOptions } from './http';

/**
 * The one HTTP client of the app; every call goes under the /api base (SPEC §7). No timeout is set. Calls go
 * through `api` (typed by route, below); this raw client stays for bytes (PDFs, exports) and its hooks.
 */
export const httpClient = createHttpClient({ baseURL: '/api' });

/** The person a caregiver is viewing (their user id), or null for the signed-in user's own data. */
let actingFor: string | null = null;

/** Set by the person switcher (features/caregivers): from then on data calls are for that person. */
export function setActingFor(personId: string | null): void {
  actingFor = personId;
}

/** The account's own routes: never on someone else's behalf, whoever is being viewed. */
const OWN_ACCOUNT =
  /^\/?(?:api\/)?(?:identity|auth|settings|caregivers|tokens|shares|webhooks|user|onboarding|public)(?:[/?]|$)/;

// A caregiver's calls carry the person's id (DESIGN "Caregivers"); the server checks the grant on each one.
httpClient.hooks.onRequest.push((config) => {
  if (actingFor && !OWN_ACCOUNT.test(config.url)) config.headers.set('X-Person-Id', actingFor);
});

interface DataEnvelope<T> {
  data: T;
}

/** The envelope's `data`; a 204 (or any empty body) has no envelope, and its callers ask for void or unknown. */
function unwrap<T>(response: HttpResponse<DataEnvelope<T> | undefined>): T {
  return response.data?.data as T;
}

/** What a call adds to its route: the path's `:params`, the query and the body, each as the route's contract has it. */
type CallInput<M extends ApiMethod, P extends ApiPath<M>> = Pick<
  RequestOptions,
  'signal' | 'headers' | 'onUploadProgress'
> &
  (keyof ApiPathParams<P> extends never ? { params?: never } : { params: ApiPathParams<P> }) &
  (ApiQuery<M, P> extends undefined ? { query?: never } : { query?: ApiQuery<M, P> }) &
  (ApiBody<M, P> extends undefined
    ? { body?: never }
    : undefined extends ApiBody<M, P>
      ? { body?: ApiBody<M, P> }
      : { body: ApiBody<M, P> });

/** The input is optional when nothing in it is required. */
type CallArgs<M extends ApiMethod, P extends ApiPath<M>> =
  Record<never, never> extends CallInput<M, P> ? [input?: CallInput<M, P>] : [input: CallInput<M, P>];

/** `/api/goals/:id` with `{ id: 'g 1' }` → `/goals/g%201`: the path under the client's /api base. */
function pathOf(route: string, params: Readonly<Record<string, string | number>> = {}): string {
  return route.replace(/^\/api(?=\/)/, '').replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

async function call(
  method: ApiMethod,
  route: string,
  input: {
    params?: Readonly<Record<string, string | number>>;
    query?: unknown;
    body?: unknown;
  } & Pick<RequestOptions, 'signal' | 'headers' | 'onUploadProgress'> = {},
): Promise<unknown> {
  const { params, query, body, ...options } = input;
  const response = await httpClient.request<DataEnvelope<unknown> | undefined>({
    ...options,
    method: method.toLowerCase() as Lowercase<ApiMethod>,
    url: pathOf(route, params),
    params: query as Readonly<Record<string, ParamValue>> | undefined,
    data: body,
  });
  return unwrap(response);
}

const caller =
  <M extends ApiMethod>(method: M) =>
  <P extends ApiPath<M>>(route: P, ...[input]: CallArgs<M, P>): Promise<ApiResponse<M, P>> =>
    call(method, route, input as Parameters<typeof call>[2]) as Promise<ApiResponse<M, P>>;

/**
 * The API by route, typed from the contracts in @healthfolio/core: `api.get('/api/goals')` answers a
 * `GoalList`, `api.put('/api/goals/:id', { params: { id }, body })` checks the body against the route's. A
 * route whose schema changes in core breaks the typecheck of every call here that no longer fits.
 */
export const api = {
  get: caller('GET'),
  post: caller('POST'),
  put: caller('PUT'),
  patch: caller('PATCH'),
  delete: caller('DELETE'),
};

/** An error as the API's `{"error": {code, message}}` envelope describes it. */
export interface ApiError {
  code: string;
  message: string;
  status?: number;
  /** The envelope's `details`, when the server sent any (e.g. the formats a 415 lists). */
  details?: unknown;
}

function isErrorEnvelope(
  body: unknown,
): body is { error: { code: string; message: string; details?: unknown } } {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** Turns anything thrown by an API call into `{code, message}`; network failures get code `network`. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof HttpError) {
    const { status, body } = error;
    if (isErrorEnvelope(body)) {
      const { code, message, details } = body.error;
      return details === undefined ? { code, message, status } : { code, message, status, details };
    }
    if (!error.response)
      return { code: 'network', message: 'Cannot reach the server. Check your connection.' };
    return { code: 'http', message: error.message, status };
  }
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : 'unknown', message: error.message };
  }
  return { code: 'unknown', message: String(error) };
}

/** A translator for the `common` namespace (react-i18next's `t` or `i18n.t`). */
type Translate = (key: string) => string;

/** The `common:apiErrors.*` sentence for the errors a person commonly meets, by code, then by HTTP status. */
const MESSAGE_BY_CODE: Record<string, string> = {
  network: 'network',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'notFound',
  conflict: 'conflict',
  payload_too_large: 'tooLarge',
  unsupported_media_type: 'unsupportedType',
  rate_limited: 'rateLimited',
  validation: 'validation',
  bad_request: 'validation',
  internal: 'internal',
  'auth/invalid-verification-code': 'invalidCode',
  'auth/mfa-session-expired': 'mfaExpired',
  'auth/too-many-requests': 'rateLimited',
  'auth/passkey-failed': 'passkeyFailed',
};
const MESSAGE_BY_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'tooLarge',
  415: 'unsupportedType',
  429: 'rateLimited',
  500: 'internal',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

/**
 * The sentence a person reads for a failed call, in the current language. The server writes its messages in
 * English: in English its own (most precise) message is shown; in another language the common codes and statuses
 * read as a translated sentence, and anything else falls back to the server's message.
 */
export function apiErrorMessage(error: unknown, t: Translate, language = currentLocale()): string {
  const apiError = toApiError(error);
  const key =
    MESSAGE_BY_CODE[apiError.code] ??
    (apiError.status === undefined ? undefined : MESSAGE_BY_STATUS[apiError.status]);
  if (apiError.code === 'network') return t('common:apiErrors.network');
  if (language.startsWith('en') || !key) return apiError.message;
  return t(`common:apiErrors.${key}`);
}
