import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError } from 'aedes';
import { duplexPair } from './duplex-pair.js';
import type { Logger } from '../log/index.js';

export interface EmbeddedBroker {
  /** mqtt:// (mqtts:// with TLS) URL that clients on this machine connect to. */
  readonly url: string;
  readonly port: number;
  /**
   * A connection from inside the process: the daemon's own client reaches the broker without a
   * socket (no loopback hop each way for every utterance and every sentence).
   */
  link(): Duplex;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Clients must log in with these; null: anyone who reaches the port may connect. */
  credentials?: { username: string; password: string } | null;
  /** PEM files: MQTT over TLS only. */
  tls?: { key: string; cert: string } | null;
  log: Logger;
}

/** Compares without leaking, through timing, how much of a guess was right. */
function same(given: Buffer | string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An in-process MQTT broker (aedes) so that `npm start` works on a robot with nothing else
 * installed. Robots with a broker of their own set mqtt.url instead.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const log = options.log.child({ component: 'broker' });
  const { credentials, tls } = options;
  const aedes = await Aedes.createBroker(
    credentials
      ? {
          authenticate: (client, username, password, done) => {
            if (same(username, credentials.username) && same(password, credentials.password)) return done(null, true);
            log.warn({ client: client.id }, 'MQTT client refused: wrong or missing credentials');
            const err = new Error('bad user name or password') as AuthenticateError;
            err.returnCode = 4;
            done(err, false);
          },
        }
      : {},
  );
  aedes.on('clientError', (client, err) => log.debug({ client: client.id, err: err.message }, 'client error'));
  aedes.on('connectionError', (_client, err) => log.debug({ err: err.message }, 'connection error'));

  // MQTT packets are tiny: without TCP_NODELAY, Nagle and delayed ACKs add ~40 ms per hop.
  const server: Server = tls
    ? createTlsServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert), noDelay: true }, aedes.handle)
    : createServer({ noDelay: true }, aedes.handle);
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
  const url = `${tls ? 'mqtts' : 'mqtt'}://${connectHost.includes(':') ? `[${connectHost}]` : connectHost}:${port}`;
  log.info({ host: options.host, port, tls: Boolean(tls), credentials: Boolean(credentials) }, 'embedded MQTT broker listening');

  return {
    url,
    port,
    link: () => {
      const [client, broker] = duplexPair();
      aedes.handle(broker);
      return client;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Close the broker first: it ends client sockets, which lets server.close() complete.
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
