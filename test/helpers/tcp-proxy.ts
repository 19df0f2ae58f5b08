import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a broker, to cut the daemon's link: cut() drops every connection and
 * refuses new ones (accepted and closed at once) until restore().
 */
export interface TcpProxy {
  url: string;
  cut(): void;
  restore(): void;
  /** Connections passed through to the broker so far (a reconnection adds one). */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const live = new Set<Socket>();
  let open = true;
  let connections = 0;
  const server = createServer({ noDelay: true }, (client) => {
    if (!open) return void client.destroy();
    connections++;
    const upstream = connect({ host: target.host, port: target.port, noDelay: true });
    live.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      live.delete(client);
      live.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cut = () => {
    open = false;
    for (const socket of live) socket.destroy();
    live.clear();
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    cut,
    restore() {
      open = true;
    },
    get connections() {
      return connections;
    },
    close() {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
