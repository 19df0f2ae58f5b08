import path from 'node:path';
import { Health } from '../../src/health/index.js';
import { silentLogger } from '../../src/log/index.js';
import { ChromaGateway, ChromaServer, ChromaVectorStore, freePort, Outbox, type ChromaVectorStoreOptions } from '../../src/vectors/index.js';

export interface BenchChroma {
  server: ChromaServer;
  health: Health;
  /** A vector store on this server, with its own outbox under the data folder. */
  store(options: { outbox: string; writeMs: number; mirror?: ChromaVectorStoreOptions['mirror'] }): ChromaVectorStore;
}

/** A real embedded ChromaDB server for a bench section, as the daemon runs it; stop `server` after. */
export async function startBenchChroma(dataDir: string): Promise<BenchChroma> {
  const health = new Health();
  const server = new ChromaServer({
    host: '127.0.0.1',
    port: await freePort('127.0.0.1'),
    dataDir: path.join(dataDir, 'chroma'),
    startTimeoutMs: 60_000,
    restart: { initialMs: 500, maxMs: 5_000 },
    log: silentLogger,
    health,
  });
  await server.start();
  const store = (options: { outbox: string; writeMs: number; mirror?: ChromaVectorStoreOptions['mirror'] }) =>
    new ChromaVectorStore({
      gateway: new ChromaGateway(server.url),
      outbox: new Outbox(path.join(dataDir, options.outbox)),
      prefix: 'bench',
      timeouts: { queryMs: 5_000, writeMs: options.writeMs },
      healthIntervalMs: 10_000,
      retry: { initialMs: 100, maxMs: 1_000 },
      ...(options.mirror && { mirror: options.mirror }),
      log: silentLogger,
      health,
    });
  return { server, health, store };
}
