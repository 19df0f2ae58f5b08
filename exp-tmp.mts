import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChromaClient } from 'chromadb';
import { Health } from './src/health/index.js';
import { silentLogger } from './src/log/index.js';
import { ChromaServer, freePort } from './src/vectors/index.js';
import { normalArray, seededRandom } from './src/models/random.js';
const dir = mkdtempSync(path.join(os.tmpdir(), 'exp-'));
const server = new ChromaServer({ host: '127.0.0.1', port: await freePort('127.0.0.1'), dataDir: dir, startTimeoutMs: 60000, restart: { initialMs: 500, maxMs: 5000 }, log: silentLogger, health: new Health() });
await server.start();
const u = new URL(server.url);
const c = new ChromaClient({ host: u.hostname, port: Number(u.port) });
const r = seededRandom(1);
const vec = () => { const v = normalArray(r, 384, 1); const n = Math.hypot(...v); return Array.from(v, (x) => x / n); };
for (const [name, cfg] of [['default', { hnsw: { space: 'cosine' } }]] as const) {
  const col = await c.getOrCreateCollection({ name, embeddingFunction: null, configuration: cfg as any });
  for (let s = 0; s < 10000; s += 500) {
    const ids = [], embs = [], metas = [];
    for (let i = s; i < s + 500; i++) { ids.push('m' + i); embs.push(vec()); metas.push({ memory_type: i % 2 ? 'episode' : 'conversation' }); }
    await col.upsert({ ids, embeddings: embs, metadatas: metas });
  }
  const time = async (label: string, f: () => Promise<unknown>) => {
    const xs: number[] = [];
    for (let i = 0; i < 120; i++) { const t = performance.now(); await f(); if (i >= 20) xs.push(performance.now() - t); }
    xs.sort((a, b) => a - b);
    console.log(label, 'p50', xs[50]!.toFixed(2), 'p95', xs[95]!.toFixed(2));
  };
  await time('no where', () => col.query({ queryEmbeddings: [vec()], nResults: 1 }));
  await time('where', () => col.query({ queryEmbeddings: [vec()], nResults: 1, where: { memory_type: 'episode' } }));
  await new Promise((res) => setTimeout(res, 5000));
  await time('no where after 5s', () => col.query({ queryEmbeddings: [vec()], nResults: 1 }));
  await time('where after 5s', () => col.query({ queryEmbeddings: [vec()], nResults: 1, where: { memory_type: 'episode' } }));
  await time('heartbeat', () => c.heartbeat());
  await time('count', () => col.count());
}
await server.stop();
