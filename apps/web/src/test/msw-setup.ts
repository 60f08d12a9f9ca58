// Web tests: the MSW server of test/msw.ts listens for the whole file; each test's handlers go after it, and a
// request no handler answers fails the test that made it (besides failing the request itself).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

const unhandled: string[] = [];

beforeAll(() => {
  server.listen({
    onUnhandledFrame: ({ frame, defaults }) => {
      const request = (frame.data as { request?: Request }).request;
      if (request) unhandled.push(`${request.method} ${request.url}`);
      defaults.error();
      throw new Error('No MSW handler for this request');
    },
  });
});

afterEach(() => {
  server.resetHandlers();
  if (unhandled.length === 0) return;
  const requests = unhandled.splice(0).join(', ');
  throw new Error(`Requests no MSW handler answered (test/msw.ts onApi): ${requests}`);
});

afterAll(() => {
  server.close();
});
