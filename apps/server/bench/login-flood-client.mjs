// The sign-in flood's load generator, in its own process so that its sockets, timers and timing do not
// share the server's event loop (login-flood.bench.ts starts it): `node login-flood-client.mjs <base>
// <rate> <seconds>`. Sends `rate` bad sign-ins a second for `seconds` (paced, not a burst) over kept-alive
// connections while `/api/health` is probed 20 times a second; prints one JSON line of what it measured.
// A first second at the same rate is not measured: it opens the agent's connections (the first answers on
// each new socket took 10–40 ms, a TCP handshake and this process's cold code) as a running client would
// have them open. This process's own event-loop delay is measured beside the answers: an answer timed late
// because this loop was busy is this process's delay, not the server's.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

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

/** Sends `rate` bad sign-ins a second for `seconds`, paced; `onAnswer` gets each answer. */
async function flood(seconds, onAnswer) {
  const total = seconds * rate;
  const began = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const wait = began + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(request('POST', '/api/identity/login', bad).then(onAnswer));
  }
  await Promise.all(pending);
  return { total, elapsed: (performance.now() - began) / 1000 };
}

await flood(1, () => {});

const refused = [];
const other = [];
const health = [];
let retryAfterMissing = 0;
let flooding = true;
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const probe = (async () => {
  while (flooding) {
    health.push((await request('GET', '/api/health')).ms);
    await sleep(50);
  }
})();
const { total, elapsed } = await flood(seconds, (r) => {
  if (r.status === 429) refused.push(r.ms);
  else other.push(r.status);
  if (r.status === 429 && !r.retryAfter) retryAfterMissing++;
});
flooding = false;
await probe;
loopDelay.disable();
agent.destroy();
const clientLoopDelayMs = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
console.log(JSON.stringify({ total, elapsed, refused, other, retryAfterMissing, health, clientLoopDelayMs }));
