// The sign-in flood's load generator, in its own process so that its sockets, timers and timing do not
// share the server's event loop (login-flood.bench.ts starts it): `node login-flood-client.mjs <base>
// <rate> <seconds>`. Sends `rate` bad sign-ins a second for `seconds` (paced, not a burst) over kept-alive
// connections while `/api/health` is probed 20 times a second; prints one JSON line of what it measured.
import http from 'node:http';

const [base, rateArg = '500', secondsArg = '5'] = process.argv.slice(2);
const rate = Number(rateArg);
const seconds = Number(secondsArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function request(method, url, body) {
  return new Promise((resolve) => {
    const start = performance.now();
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            ms: performance.now() - start,
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, retryAfter: undefined, ms: performance.now() - start }));
    req.end(body);
  });
}

const bad = JSON.stringify({ email: 'ada@example.com', password: 'a wrong guess' });
const refused = [];
const other = [];
const health = [];
let retryAfterMissing = 0;
let flooding = true;
const probe = (async () => {
  while (flooding) {
    health.push((await request('GET', '/api/health')).ms);
    await sleep(50);
  }
})();
const total = seconds * rate;
const began = performance.now();
const pending = [];
for (let i = 0; i < total; i++) {
  const wait = began + (i * 1000) / rate - performance.now();
  if (wait > 1) await sleep(wait);
  pending.push(
    request('POST', '/api/identity/login', bad).then((r) => {
      if (r.status === 429) refused.push(r.ms);
      else other.push(r.status);
      if (r.status === 429 && !r.retryAfter) retryAfterMissing++;
    }),
  );
}
await Promise.all(pending);
const elapsed = (performance.now() - began) / 1000;
flooding = false;
await probe;
agent.destroy();
console.log(JSON.stringify({ total, elapsed, refused, other, retryAfterMissing, health }));
