import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { ChromaGateway } from './chroma-gateway.js';
import { ChromaServer, freePort } from './chroma-server.js';
import { Outbox } from './outbox.js';
import { ChromaVectorStore } from './store.js';

export interface Vectors {
  store: ChromaVectorStore;
  /** The embedded server; null with an external chroma.url. */
  server: ChromaServer | null;
  stop(): Promise<void>;
}

/** Where the durable write queue lives. */
export const outboxDir = (config: Pick<Config, 'paths'>) => path.resolve(config.paths.data, 'vectors', 'outbox');
export const chromaDataDir = (config: Pick<Config, 'paths'>) => path.resolve(config.paths.data, 'chroma');

/**
 * The vector store as the daemon runs it: the embedded ChromaDB server (or an external one),
 * and the store with its outbox. Does not wait for the server: turns are answered while it
 * starts (recall gives nothing until then, writes wait in the outbox).
 */
export async function startVectors(options: { config: Config; log: Logger; health: Health; quiet?: { whenQuiet(): Promise<void> } }): Promise<Vectors> {
  const { config, log, health } = options;
  const settings = config.chroma;
  let server: ChromaServer | null = null;
  let url = settings.url;
  if (!url) {
    const port = settings.port || (await freePort(settings.host));
    server = new ChromaServer({
      host: settings.host,
      port,
      dataDir: chromaDataDir(config),
      startTimeoutMs: settings.startTimeoutMs,
      restart: settings.restart,
      log,
      health,
    });
    url = server.url;
  }
  const store = new ChromaVectorStore({
    gateway: new ChromaGateway(url),
    outbox: new Outbox(outboxDir(config)),
    prefix: settings.collectionPrefix,
    timeouts: { queryMs: settings.queryTimeoutMs, writeMs: settings.writeTimeoutMs },
    healthIntervalMs: settings.healthIntervalMs,
    retry: settings.restart,
    mirror: settings.mirror,
    ...(options.quiet && { quiet: options.quiet }),
    log,
    health,
  });
  await store.start();
  if (server) {
    const embedded = server;
    embedded.on('ready', () => void store.probe());
    // Not awaited: the daemon is ready before the server is; the store follows its heartbeat.
    embedded.start().catch((err: Error) => log.error({ component: 'chroma', err: err.message }, 'ChromaDB server not ready yet; it keeps being restarted'));
  }
  return {
    store,
    server,
    stop: async () => {
      await store.stop();
      await server?.stop();
    },
  };
}
