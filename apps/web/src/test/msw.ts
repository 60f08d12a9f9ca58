import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The web tests' one HTTP server (MSW): the app's own client sends real requests, and a test answers them
 * here, at the HTTP edge, instead of mocking our api modules. Its life (listen, reset after each test, close)
 * is in msw-setup.ts; a request no handler answers fails the test.
 */
export const server = setupServer();

/** A request the server received, as a test asserts on it. */
export interface ApiRequest {
  /** Upper case: `GET`, `POST` … */
  method: string;
  /** The path, `/api` included: `/api/goals/g1`. */
  path: string;
  /** The query string's pairs (the last one wins for a repeated name). */
  query: Record<string, string>;
  /** JSON parsed; anything else (a multipart form too) as text; undefined when there is none. */
  body: unknown;
  headers: Headers;
}

export type HttpVerb = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A handler's answer: a Response as it is (see the helpers below), anything else as `{ data: … }`. */
export type Reply = Response | unknown;
/** Answers each request; `call` counts from 0. */
export type Resolver = (request: ApiRequest, call: number) => Reply | Promise<Reply>;

/** `{ data }`, the API's success envelope (lib/api.ts unwraps it), with status 200 unless told. */
export const apiData = (data: unknown, status = 200): Response => HttpResponse.json({ data }, { status });

/** The API's error envelope (apps/server/src/http/errors.ts): `{ error: { code, message, details? } }`. */
export function apiError(status: number, code: string, message = code, details?: unknown): Response {
  const error = details === undefined ? { code, message } : { code, message, details };
  return HttpResponse.json({ error }, { status });
}

/** An error status with any body, e.g. a proxy's page that is not the API's envelope. */
export const rawError = (status: number, body: unknown = ''): Response =>
  typeof body === 'string'
    ? new HttpResponse(body, { status })
    : HttpResponse.json(body as Record<string, unknown>, { status });

/** 204, no body. */
export const noContent = (): Response => new HttpResponse(null, { status: 204 });

/** No answer at all, as when the network is down. */
export const networkError = (): Response => HttpResponse.error();

/** An answer that never comes: the page stays loading. */
export const never = (): Promise<never> => new Promise<never>(() => {});

/** Answers the replies in turn, then the last one again. */
export function inTurn(...replies: (Reply | Resolver)[]): Resolver {
  return (request, call) => {
    const reply = replies[Math.min(call, replies.length - 1)];
    return typeof reply === 'function' ? (reply as Resolver)(request, call) : reply;
  };
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text();
  if (type.startsWith('multipart/form-data')) return text;
  if (!text) return undefined;
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

async function toApiRequest(request: Request): Promise<ApiRequest> {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: await readBody(request.clone()),
    headers: request.headers,
  };
}

function toResponse(reply: Reply): Response {
  return reply instanceof Response ? reply.clone() : apiData(reply);
}

/**
 * Answers `method path` (MSW's path syntax, `/api/goals/:id`) for the rest of the test, and answers the
 * requests it received, in order, for the test to assert on.
 */
export function onApi(method: HttpVerb, path: string, reply: Resolver): ApiRequest[];
export function onApi(method: HttpVerb, path: string, reply?: Reply): ApiRequest[];
export function onApi(method: HttpVerb, path: string, reply: Reply | Resolver = noContent()): ApiRequest[] {
  const received: ApiRequest[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const apiRequest = await toApiRequest(request);
      received.push(apiRequest);
      const answer =
        typeof reply === 'function' ? await (reply as Resolver)(apiRequest, received.length - 1) : reply;
      return toResponse(answer);
    }),
  );
  return received;
}

/** The received requests as `METHOD path?query`, for a test that asserts on which calls were made. */
export const described = (requests: readonly ApiRequest[]): string[] =>
  requests.map(({ method, path, query }) => {
    const search = new URLSearchParams(query).toString();
    return `${method} ${path}${search ? `?${search}` : ''}`;
  });
