import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toApiError } from './api';
import { createHttpClient, HttpError, type RequestConfig, type UploadProgress } from './http';

// fetch is the HTTP edge of this client: these tests stand in for the server there, and nowhere else.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The URL and init of the `index`-th call fetch received. */
function sent(index = 0): { url: string; init: RequestInit & { headers: Headers } } {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} times`);
  return { url: String(call[0]), init: call[1] as RequestInit & { headers: Headers } };
}

/** The HttpError a call rejected with. */
async function failureOf(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('createHttpClient', () => {
  const client = () => createHttpClient({ baseURL: '/api' });

  it('puts the path under the base and serialises params as axios did', async () => {
    fetchMock.mockResolvedValue(json(200, { data: 1 }));
    await client().get('/metrics', {
      params: {
        type: 'weight',
        limit: 100,
        raw: false,
        from: '2026-01-01T00:00:00Z',
        tz: 'America/New_York',
        note: 'a, b',
        source: undefined,
        cursor: null,
      },
    });
    expect(sent().url).toBe(
      '/api/metrics?type=weight&limit=100&raw=false&from=2026-01-01T00:00:00Z&tz=America%2FNew_York&note=a,+b',
    );
  });

  it('adds params to a query the URL already has, and leaves a params-free URL alone', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    await client().get('metrics?type=weight', { params: { bucket: 'day' } });
    await client().get('/metrics/summary', { params: { tz: undefined } });
    expect(sent(0).url).toBe('/api/metrics?type=weight&bucket=day');
    expect(sent(1).url).toBe('/api/metrics/summary');
  });

  it('sends JSON bodies as JSON, and no Content-Type without a body', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    await client().patch('/identity/webauthn/credentials/k1', { name: 'Phone' });
    await client().post('/insights/refresh');
    await client().delete('/push/subscriptions', { data: { endpoint: 'https://push.example/1' } });
    const patch = sent(0).init;
    expect(patch.method).toBe('PATCH');
    expect(patch.body).toBe('{"name":"Phone"}');
    expect(patch.headers.get('Content-Type')).toBe('application/json');
    expect(patch.headers.get('Accept')).toBe('application/json, text/plain, */*');
    expect(sent(1).init.body).toBeNull();
    expect(sent(1).init.headers.has('Content-Type')).toBe(false);
    expect(sent(2).init).toMatchObject({ method: 'DELETE', body: '{"endpoint":"https://push.example/1"}' });
  });

  it('sends a form as it is, with the Content-Type left to the browser', async () => {
    fetchMock.mockResolvedValue(json(202, { data: { id: 'imp-1' } }));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'rows.csv');
    await client().post('/imports', form, { headers: { 'Content-Type': 'multipart/form-data' } });
    expect(sent().init.body).toBe(form);
    expect(sent().init.headers.has('Content-Type')).toBe(false);
  });

  it('passes the caller’s headers and signal on', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    const controller = new AbortController();
    await client().get('/public/shares/t', {
      headers: { 'X-Share-Code': '1234' },
      signal: controller.signal,
    });
    expect(sent().init.headers.get('X-Share-Code')).toBe('1234');
    expect(sent().init.signal).toBe(controller.signal);
  });

  it('answers parsed JSON, text that is not JSON as text, and undefined for an empty body', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { data: { id: 'g1' } }, { 'X-Request-Id': 'r1' }))
      .mockResolvedValueOnce(new Response('plain words', { status: 200 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    const answer = await client().get('/goals/g1');
    expect(answer).toEqual({
      status: 200,
      data: { data: { id: 'g1' } },
      headers: { 'content-type': 'application/json', 'x-request-id': 'r1' },
    });
    expect((await client().get('/text')).data).toBe('plain words');
    expect((await client().delete('/goals/g1')).data).toBeUndefined();
  });

  it('answers bytes for blob and arraybuffer downloads', async () => {
    const pdf = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="r.pdf"' },
      });
    fetchMock.mockResolvedValueOnce(pdf()).mockResolvedValueOnce(pdf());
    const blob = await client().get<Blob>('/reports/r1/pdf', { responseType: 'blob' });
    expect(new Uint8Array(await blob.data.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(blob.headers['content-disposition']).toBe('attachment; filename="r.pdf"');
    const buffer = await client().get<ArrayBuffer>('/imports/i1/document', { responseType: 'arraybuffer' });
    expect(buffer.data).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(buffer.data)).toEqual(new Uint8Array([37, 80, 68, 70]));
  });

  it('rejects a non-2xx answer with an HttpError carrying the envelope', async () => {
    const envelope = { error: { code: 'conflict', message: 'Already saved', details: { id: 'i1' } } };
    fetchMock.mockResolvedValue(json(409, envelope));
    const error = await failureOf(client().post('/imports/i1/confirm', { results: [] }));
    expect(error.message).toBe('Request failed with status code 409');
    expect(error.status).toBe(409);
    expect(error.body).toEqual(envelope);
    expect(error.response?.data).toEqual(envelope);
    expect(error.config).toMatchObject({ method: 'post', url: '/imports/i1/confirm' });
    expect(toApiError(error)).toEqual({
      code: 'conflict',
      message: 'Already saved',
      status: 409,
      details: { id: 'i1' },
    });
  });

  it('keeps a download’s error body as bytes, for the caller to decode', async () => {
    fetchMock.mockResolvedValue(json(403, { error: { code: 'auth/step-up-required', message: 'Confirm' } }));
    const error = await failureOf(client().get('/settings/export', { responseType: 'arraybuffer' }));
    expect(error.body).toBeInstanceOf(ArrayBuffer);
    expect(JSON.parse(new TextDecoder().decode(error.body as ArrayBuffer))).toMatchObject({
      error: { code: 'auth/step-up-required' },
    });
  });

  it('turns a failed or aborted call into an HttpError without a response', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await failureOf(client().get('/metrics/summary'));
    expect(offline.response).toBeUndefined();
    expect(offline.message).toBe('Network Error');
    expect(offline.cause).toBeInstanceOf(TypeError);
    expect(toApiError(offline).code).toBe('network');

    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const call = client().get('/metrics/summary', { signal: controller.signal });
    controller.abort();
    const aborted = await failureOf(call);
    expect(aborted.response).toBeUndefined();
    expect(aborted.message).toBe('canceled');
  });
});

describe('hooks', () => {
  it('runs request hooks in order, each on the call’s own headers', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    const api = createHttpClient({ baseURL: '/api' });
    const order: string[] = [];
    api.hooks.onRequest.push((config) => {
      order.push(`first ${config.url}`);
      config.headers.set('Authorization', 'Bearer a1');
    });
    api.hooks.onRequest.push((config) => {
      order.push(`second ${config.headers.get('Authorization') ?? ''}`);
      config.headers.set('X-Person-Id', 'p1');
    });
    const callerHeaders = { 'X-Share-Code': '1' };
    await api.get('/metrics', { headers: callerHeaders });
    expect(order).toEqual(['first /metrics', 'second Bearer a1']);
    expect(sent().init.headers.get('Authorization')).toBe('Bearer a1');
    expect(sent().init.headers.get('X-Person-Id')).toBe('p1');
    expect(callerHeaders).toEqual({ 'X-Share-Code': '1' });
  });

  it('hands a failure to each error hook in order until one recovers', async () => {
    fetchMock.mockResolvedValue(json(401, { error: { code: 'unauthorized', message: 'Expired' } }));
    const api = createHttpClient({ baseURL: '/api' });
    const seen: string[] = [];
    api.hooks.onResponseError.push((error) => {
      seen.push(`first ${(error as HttpError).status ?? ''}`);
      return Promise.reject(error);
    });
    api.hooks.onResponseError.push((error) => {
      seen.push(`second ${(error as HttpError).status ?? ''}`);
      return Promise.resolve({ status: 200, headers: {}, data: { data: 'recovered' } });
    });
    api.hooks.onResponseError.push(() => {
      seen.push('third');
      return Promise.reject(new Error('not reached'));
    });
    await expect(api.get('/metrics')).resolves.toMatchObject({ data: { data: 'recovered' } });
    expect(seen).toEqual(['first 401', 'second 401']);
  });

  it('rejects with what the last error hook threw', async () => {
    fetchMock.mockResolvedValue(json(500, {}));
    const api = createHttpClient({ baseURL: '/api' });
    const replaced = new Error('replaced');
    api.hooks.onResponseError.push(() => Promise.reject(replaced));
    await expect(api.get('/metrics')).rejects.toBe(replaced);
  });

  it('lets an error hook retry the call once, through the request hooks again', async () => {
    // The step-up hook's shape: on 403 ask once more, marked so that a second 403 is not retried.
    fetchMock
      .mockResolvedValueOnce(json(403, { error: { code: 'auth/step-up-required', message: 'Confirm' } }))
      .mockResolvedValueOnce(json(200, { data: { deleted: true } }))
      .mockResolvedValueOnce(json(403, { error: { code: 'auth/step-up-required', message: 'Confirm' } }))
      .mockResolvedValueOnce(json(403, { error: { code: 'auth/step-up-required', message: 'Confirm' } }));
    const api = createHttpClient({ baseURL: '/api' });
    let token = 0;
    api.hooks.onRequest.push((config) => {
      token += 1;
      config.headers.set('Authorization', `Bearer a${token}`);
    });
    type Retried = RequestConfig & { retried?: boolean };
    api.hooks.onResponseError.push((error) => {
      if (!(error instanceof HttpError) || error.status !== 403) return Promise.reject(error);
      const config: Retried = error.config;
      if (config.retried) return Promise.reject(error);
      const retry: Retried = { ...config, retried: true };
      return api.request(retry);
    });

    await expect(api.delete('/settings/account', { data: { reason: 'moving' } })).resolves.toMatchObject({
      data: { data: { deleted: true } },
    });
    expect(sent(1).init).toMatchObject({ method: 'DELETE', body: '{"reason":"moving"}' });
    expect(sent(1).url).toBe('/api/settings/account');
    expect(sent(1).init.headers.get('Authorization')).toBe('Bearer a2');

    const error = await failureOf(api.delete('/settings/account'));
    expect(error.status).toBe(403);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('uploads with progress', () => {
  /** Just enough XMLHttpRequest to answer one upload: progress at half and at the end, then 202. */
  class FakeXhr {
    static last: FakeXhr | undefined;
    readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    responseType = '';
    status = 0;
    response: unknown = null;
    method = '';
    url = '';
    body: unknown;
    readonly headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\nx-request-id: r9\r\n';
    }
    send(body: unknown) {
      this.body = body;
      FakeXhr.last = this;
      queueMicrotask(() => {
        for (const loaded of [50, 100])
          this.upload.onprogress?.({ loaded, total: 100, lengthComputable: true } as ProgressEvent);
        this.status = 202;
        this.response = JSON.stringify({ data: { id: 'imp-1' } });
        this.onload?.();
      });
    }
    abort() {
      this.onabort?.();
    }
  }

  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('reports the share sent and answers like fetch', async () => {
    const api = createHttpClient({ baseURL: '/api' });
    api.hooks.onRequest.push((config) => config.headers.set('Authorization', 'Bearer a1'));
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'rows.csv');
    const progress: UploadProgress[] = [];
    const answer = await api.post('/imports', form, { onUploadProgress: (event) => progress.push(event) });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(progress).toEqual([
      { loaded: 50, total: 100, progress: 0.5 },
      { loaded: 100, total: 100, progress: 1 },
    ]);
    expect(answer).toEqual({
      status: 202,
      data: { data: { id: 'imp-1' } },
      headers: { 'content-type': 'application/json', 'x-request-id': 'r9' },
    });
    expect(FakeXhr.last).toMatchObject({ method: 'POST', url: '/api/imports', body: form });
    expect(FakeXhr.last?.headers).toMatchObject({ authorization: 'Bearer a1' });
  });
});
