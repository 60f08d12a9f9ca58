// The load bench's balancer: `node load-proxy.mjs <port> <upstream> [<upstream> …]` — round-robin over the
// upstreams (http://127.0.0.1:<port>), one request each in turn, over kept-alive connections, bodies
// streamed both ways (uploads included). Loopback only. Plain JavaScript in its own process, so neither the
// load generator's event loop nor the servers' carry it; prints "proxy listening" once it accepts.
import http from 'node:http';

const [port, ...upstreams] = process.argv.slice(2);
if (!port || upstreams.length === 0) {
  console.error('usage: node load-proxy.mjs <port> <upstream> [<upstream> …]');
  process.exit(2);
}
const targets = upstreams.map((u) => new URL(u));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = http.createServer((req, res) => {
  const target = targets[next];
  next = (next + 1) % targets.length;
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('bad gateway');
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(port), '127.0.0.1', () => console.log('proxy listening'));
process.on('SIGTERM', () => {
  agent.destroy();
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
