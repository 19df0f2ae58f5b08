import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { Duplex } from 'node:stream';
import { Aedes, type AedesPublishPacket, type AuthenticateError } from 'aedes';
import { duplexPair } from './duplex-pair.js';
import { EarlyDelivery } from './early-delivery.js';
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
  /**
   * A message the daemon sends, handed to the broker in the process: straight to its subscribers.
   * Through link(), the daemon's client encodes it, the broker decodes it, and aedes forwards a
   * client's QoS 1 message only on the event loop's next turn, after its PUBACK (0.3-0.7 ms of
   * each sentence's way to the robot on the bench). Calls back once the broker has taken it, as
   * the PUBACK would.
   */
  publish(message: InProcessMessage, done: (err?: Error) => void): void;
  /**
   * The daemon's subscriptions, in the process: what is published on these topics reaches
   * `deliver` from the broker's own routing, without the broker encoding it for the daemon's
   * client, nor the client decoding and acknowledging it; a client's QoS 1 message as soon as the
   * broker has authorised it (early-delivery.ts). They hold for the broker's life, so a
   * lost link holds nothing back. Resolves, once every topic is subscribed, to their end.
   */
  subscribe(topics: string[], deliver: (topic: string, payload: Buffer) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface InProcessMessage {
  topic: string;
  body: string;
  qos: 0 | 1;
  retain: boolean;
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
  const early = new EarlyDelivery(log);
  const aedes = await Aedes.createBroker({
    authorizePublish: early.authorizePublish,
    ...(credentials && {
      authenticate: (client, username, password, done) => {
        if (same(username, credentials.username) && same(password, credentials.password)) return done(null, true);
        log.warn({ client: client.id }, 'MQTT client refused: wrong or missing credentials');
        const err = new Error('bad user name or password') as AuthenticateError;
        err.returnCode = 4;
        done(err, false);
      },
    }),
  });
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
    publish: ({ topic, body, qos, retain }, done) => {
      const send = () => aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(body), qos, retain, dup: false }, (err) => done(err ?? undefined));
      // aedes numbers a message when it is handed over and forwards to a subscriber only a number
      // above the last it forwarded to them; a QoS 1 message goes after a step of its persistence
      // (a few microtasks), a QoS 0 one at once. A QoS 0 message handed over just after a QoS 1
      // one would overtake it, and the QoS 1 message would be lost to whoever hears both (a
      // monitor on the prefix's #). QoS 0 goes a turn of the event loop later, after them.
      if (qos === 0) setImmediate(send);
      else send();
    },
    subscribe: async (topics, deliver) => {
      const listener = (packet: AedesPublishPacket, done: () => void) => {
        if (early.handedOver(packet)) return done();
        // A failure stays here: it must neither hold the broker (it waits for this callback) nor
        // reach the publisher's connection.
        try {
          deliver(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
        } catch (err) {
          log.error({ topic: packet.topic, err: (err as Error).message }, 'in-process delivery failed');
        }
        done();
      };
      const each = (change: 'subscribe' | 'unsubscribe') =>
        Promise.all(topics.map((topic) => new Promise<void>((resolve) => aedes[change](topic, listener, resolve)))).then(() => undefined);
      await each('subscribe');
      for (const topic of topics) early.route(topic, deliver);
      return () => {
        for (const topic of topics) early.unroute(topic);
        return each('unsubscribe');
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Close the broker first: it ends client sockets, which lets server.close() complete.
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
