import net from 'node:net';

/** A loopback TCP proxy in front of PostgreSQL: cutting it takes the database away from its users alone. */
export interface TcpProxy {
  /** The database URL through the proxy. */
  url: string;
  /** Stops listening and cuts every connection: the database is gone for whoever used the proxy. */
  close(): void;
}

/** Starts a proxy to `databaseUrl`'s host and port (the shared server itself is never stopped). */
export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  let closed = false;
  return {
    url: url.toString(),
    close: () => {
      if (closed) return;
      closed = true;
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
