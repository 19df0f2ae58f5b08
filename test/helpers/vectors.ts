import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Health } from '../../src/health/index.js';
import { silentLogger } from '../../src/log/index.js';
import { ChromaGateway, ChromaVectorStore, Outbox } from '../../src/vectors/index.js';

/**
 * The real vector store, pointed at a port where no ChromaDB listens (the discard port): reads
 * give nothing, as they do on a robot whose ChromaDB is down. For tests that need the port but
 * not the data; tests about vectors start a real server (test/helpers/chroma.ts).
 */
export function unreachableVectorStore(): ChromaVectorStore {
  return new ChromaVectorStore({
    gateway: new ChromaGateway('http://127.0.0.1:9'),
    // Never started, so the outbox folder is never created: writes throw "not started".
    outbox: new Outbox(path.join(tmpdir(), `nadine-outbox-unused-${randomUUID()}`)),
    prefix: 'test',
    timeouts: { queryMs: 500, writeMs: 1_000 },
    healthIntervalMs: 60_000,
    retry: { initialMs: 1_000, maxMs: 60_000 },
    log: silentLogger,
    health: new Health(),
  });
}
