/**
 * The app's HTTP client, on `fetch` (XMLHttpRequest only for uploads that report progress, which fetch
 * cannot). It replaced axios, which alone cost /login about 20 KB gzip, and keeps the shape the app used:
 * answers are `{ data, status, headers }`, hooks stand where interceptors did, and every non-2xx answer or
 * failed call rejects with an HttpError.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** How the body is read: JSON (text when it does not parse), or bytes for downloads. */
export type ResponseType = 'json' | 'blob' | 'arraybuffer';

/** A query value; undefined and null are left out of the URL. */
export type ParamValue = string | number | boolean | null | undefined;

/** An upload's progress; `total` and `progress` (0 to 1) only when the browser knows the size. */
export interface UploadProgress {
  loaded: number;
  total?: number;
  progress?: number;
}

/** What a call may add to its method and URL. */
export interface RequestOptions {
  params?: Readonly<Record<string, ParamValue>>;
  signal?: AbortSignal;
  headers?: HeadersInit;
  responseType?: ResponseType;
  onUploadProgress?: (event: UploadProgress) => void;
}

/** A whole call; `url` is relative to the client's base, `data` the body (JSON unless FormData, Blob, bytes). */
export interface RequestConfig extends RequestOptions {
  method: HttpMethod;
  url: string;
  data?: unknown;
}

/** A call as the request hooks see it: its own copy of the headers, theirs to change. */
export interface PreparedRequest extends RequestConfig {
  headers: Headers;
}

/** An answer; header names are lower-case. `data` is undefined for an empty body (204). */
export interface HttpResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

/** A call that failed: with `response` for a non-2xx answer, without one when no answer came (network, abort). */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    message: string,
    readonly config: RequestConfig,
    readonly response?: HttpResponse<unknown>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  get status(): number | undefined {
    return this.response?.status;
  }

  get body(): unknown {
    return this.response?.data;
  }
}

/** Runs before every call, in the order added; may change the call's headers. */
export type RequestHook = (config: PreparedRequest) => void;
/** Runs on every failed call, in the order added: answers a response to recover, or throws to pass it on. */
export type ResponseErrorHook = (error: unknown) => Promise<HttpResponse<unknown>>;

export interface HttpClient {
  readonly hooks: { readonly onRequest: RequestHook[]; readonly onResponseError: ResponseErrorHook[] };
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, options?: RequestOptions & { data?: unknown }): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, options?: RequestOptions): Promise<HttpResponse<T>>;
}

/** The Accept header axios sent; kept so the server sees the same requests as before. */
const ACCEPT = 'application/json, text/plain, */*';

export function createHttpClient({ baseURL = '' }: { baseURL?: string } = {}): HttpClient {
  const hooks = { onRequest: [] as RequestHook[], onResponseError: [] as ResponseErrorHook[] };

  async function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    const prepared: PreparedRequest = { ...config, headers: new Headers(config.headers) };
    if (!prepared.headers.has('Accept')) prepared.headers.set('Accept', ACCEPT);
    for (const hook of hooks.onRequest) hook(prepared);
    try {
      return (await send(baseURL, prepared)) as HttpResponse<T>;
    } catch (failure) {
      let error = failure;
      for (const hook of hooks.onResponseError) {
        try {
          return (await hook(error)) as HttpResponse<T>;
        } catch (next) {
          error = next;
        }
      }
      throw error;
    }
  }

  return {
    hooks,
    request,
    get: (url, options) => request({ ...options, method: 'get', url }),
    delete: (url, options) => request({ ...options, method: 'delete', url }),
    post: (url, data, options) => request({ ...options, method: 'post', url, data }),
    put: (url, data, options) => request({ ...options, method: 'put', url, data }),
    patch: (url, data, options) => request({ ...options, method: 'patch', url, data }),
  };
}

/** One exchange with the server, without hooks. */
async function send(baseURL: string, config: PreparedRequest): Promise<HttpResponse<unknown>> {
  const url = withParams(joinURL(baseURL, config.url), config.params);
  const init: RequestInit = {
    // fetch upper-cases GET, POST, PUT and DELETE itself but sends a lower-case `patch` as it is.
    method: config.method.toUpperCase(),
    headers: config.headers,
    body: encodeBody(config.data, config.headers),
    signal: config.signal ?? null,
  };
  let answer: HttpResponse<unknown>;
  try {
    const response = config.onUploadProgress
      ? await sendWithProgress(url, init, config.onUploadProgress)
      : await fetch(url, init);
    answer = {
      status: response.status,
      headers: headersOf(response.headers),
      data: await readBody(response, config.responseType),
    };
  } catch (cause) {
    throw new HttpError(config.signal?.aborted ? 'canceled' : 'Network Error', config, undefined, { cause });
  }
  if (answer.status >= 200 && answer.status < 300) return answer;
  throw new HttpError(`Request failed with status code ${answer.status}`, config, answer);
}

/** `/api` + `/metrics` → `/api/metrics`; an absolute URL is kept as it is. */
function joinURL(baseURL: string, url: string): string {
  if (!baseURL || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  return url ? `${baseURL.replace(/\/?\/$/, '')}/${url.replace(/^\/+/, '')}` : baseURL;
}

/** axios's encoding (`:`, `$`, `,` left readable, spaces as `+`), so URLs stay what the server saw before. */
function encodeParam(value: string): string {
  return encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');
}

function withParams(url: string, params: RequestOptions['params']): string {
  const pairs = Object.entries(params ?? {}).flatMap(([key, value]) =>
    value === undefined || value === null ? [] : [`${encodeParam(key)}=${encodeParam(String(value))}`],
  );
  if (pairs.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

/** Bodies the browser sends as they are; anything else goes as JSON. */
function isRawBody(data: unknown): data is BodyInit {
  return (
    data instanceof FormData ||
    data instanceof Blob ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

/** The body to send; sets the Content-Type a JSON body needs and drops one a form must not have. */
function encodeBody(data: unknown, headers: Headers): BodyInit | null {
  if (data === undefined) return null;
  if (isRawBody(data)) {
    // The browser writes multipart's Content-Type itself: it carries the boundary no caller knows.
    if (data instanceof FormData) headers.delete('Content-Type');
    return data;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** Downloads answer bytes, error envelopes included; JSON that does not parse stays text, as axios left it. */
async function readBody(response: Response, type: ResponseType = 'json'): Promise<unknown> {
  if (type === 'blob') return response.blob();
  if (type === 'arraybuffer') return response.arrayBuffer();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Statuses whose Response must have no body (the constructor throws otherwise). */
const NULL_BODY = new Set([204, 205, 304]);

/** fetch cannot report upload progress; XMLHttpRequest can. Answers a fetch Response so both read alike. */
function sendWithProgress(
  url: string,
  init: RequestInit,
  onProgress: (event: UploadProgress) => void,
): Promise<Response> {
  const aborted = () => new DOMException('The upload was aborted', 'AbortError');
  const signal = init.signal;
  if (signal?.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    // Bytes, not a Blob: every runtime's Response reads an ArrayBuffer (Node's cannot read jsdom's Blob).
    xhr.responseType = 'arraybuffer';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : undefined;
      onProgress({ loaded: event.loaded, total, progress: total ? event.loaded / total : undefined });
    };
    xhr.onload = () => {
      const body = NULL_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer | null);
      resolve(new Response(body, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
    };
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/** `getAllResponseHeaders()`'s "name: value" lines as Headers. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}
