import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import type { Logger } from '../log/index.js';

export interface EmbeddedBroker {
  /** mqtt:// URL that clients on this machine connect to. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  log: Logger;
}

/**
 * An in-process MQTT broker (aedes) so that `npm start` works on a robot with nothing else
 * installed. Robots with a broker of their own set mqtt.url instead.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const log = options.log.child({ component: 'broker' });
  const aedes = await Aedes.createBroker();
  aedes.on('clientError', (client, err) => log.debug({ client: client.id, err: err.message }, 'client error'));
  aedes.on('connectionError', (_client, err) => log.debug({ err: err.message }, 'connection error'));

  // MQTT packets are tiny: without TCP_NODELAY, Nagle and delayed ACKs add ~40 ms per hop.
  const server: Server = createServer({ noDelay: true }, aedes.handle);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const reason =
        err.code === 'EADDRINUSE'
          ? `port ${options.port} on ${options.host} is already in use (another broker?): set broker.port, or mqtt.url to use that broker`
          : err.message;
      aedes.close();
      reject(new Error(`embedded MQTT broker cannot start: ${reason}`));
    };
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const connectHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `mqtt://${connectHost.includes(':') ? `[${connectHost}]` : connectHost}:${port}`;
  log.info({ host: options.host, port }, 'embedded MQTT broker listening');

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        // Close the broker first: it ends client sockets, which lets server.close() complete.
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
