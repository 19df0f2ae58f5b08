import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Health } from '../../src/health/index.js';
import { silentLogger } from '../../src/log/index.js';
import { ChromaServer, startVectors, VectorStoreUnavailableError, type Vectors, type VectorSpace } from '../../src/vectors/index.js';
import { REPO, tempDir, testConfig } from '../helpers/config.js';
import { heartbeat, startChroma, waitFor } from '../helpers/chroma.js';
import { built } from '../helpers/daemon-process.js';
import { freePort } from '../helpers/mosquitto.js';

const SPACE: VectorSpace = { embedder: 'test:axes', dims: 3 };
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let running: Vectors[] = [];
afterEach(async () => {
  await Promise.all(running.map((v) => v.stop()));
  running = [];
});

async function embedded(dataDir = tempDir('nadine-data-')) {
  const health = new Health();
  const config = testConfig({ paths: { data: dataDir }, chroma: { restart: { initialMs: 100, maxMs: 1_000 } } });
  const vectors = await startVectors({ config, log: silentLogger, health });
  running.push(vectors);
  const ready = () => new Promise<void>((resolve) => vectors.server!.once('ready', () => resolve()));
  return { vectors, health, config, ready };
}

describe('embedded ChromaDB server, supervised', () => {
  it('starts in the background, serves the store, restarts after a crash with the data intact, and stops', async () => {
    const { vectors, health, ready } = await embedded();
    const server = vectors.server!;
    // startVectors did not wait for the server: the store is usable (writes queue) before it answers.
    await vectors.store.collection('memory-eve', SPACE).upsert([{ id: 'm1', embedding: [1, 0, 0], document: 'first visit', metadata: { memory_type: 'episode' } }]);
    await waitFor(() => health.get('chroma')?.status === 'ok', 30_000, 'chroma ok');
    expect(await vectors.store.flush(20_000)).toBe(true);

    const firstPid = server.pid!;
    const back = ready();
    process.kill(firstPid, 'SIGKILL');
    await waitFor(() => health.get('chroma')?.status === 'down', 10_000, 'chroma down');
    expect(health.get('chroma')!.detail).toMatch(/restarting/);
    await back;
    expect(server.restarts).toBe(1);
    expect(server.pid).not.toBe(firstPid);
    expect(health.get('chroma')!.status).toBe('ok');
    await waitFor(() => vectors.store.status().reachable, 10_000, 'store reachable again');
    // A read slower than the query timeout is refused by design (a loaded machine, a server that
    // has just come back): ask until it answers.
    let documents: string[] | null = null;
    await waitFor(
      async () => {
        try {
          documents = (await vectors.store.collection('memory-eve', SPACE).get()).map((r) => r.document);
          return true;
        } catch (err) {
          if (err instanceof VectorStoreUnavailableError) return false;
          throw err;
        }
      },
      20_000,
      'an answer from ChromaDB',
    );
    expect(documents).toEqual(['first visit']);

    const url = server.url;
    const pid = server.pid!;
    await vectors.stop();
    running = [];
    expect(isAlive(pid)).toBe(false);
    expect(await heartbeat(url)).toBe(false);
  });

  it('uses an external server when chroma.url is set, and starts none', async () => {
    const chroma = await startChroma();
    try {
      const health = new Health();
      const vectors = await startVectors({ config: testConfig({ chroma: { url: chroma.url } }), log: silentLogger, health });
      running.push(vectors);
      expect(vectors.server).toBeNull();
      const col = vectors.store.collection('knowledge', SPACE);
      await col.upsert([{ id: 'k', embedding: [0, 1, 0], document: 'chunk', metadata: { file: 'a.md' } }]);
      expect(await vectors.store.flush(10_000)).toBe(true);
      expect((await col.query([0, 1, 0], { n: 1 }))[0]).toMatchObject({ id: 'k', document: 'chunk' });
      expect(health.get('chroma')).toBeUndefined();
      expect(health.get('vectors')!.detail).toContain(chroma.url);
    } finally {
      await chroma.kill();
    }
  });

  it('stops a server an earlier daemon left running on the same data folder', async () => {
    const dataDir = tempDir('nadine-data-');
    const chromaDir = path.join(dataDir, 'chroma');
    const orphan = await startChroma(chromaDir);
    writeFileSync(path.join(chromaDir, 'nadine-chroma.pid'), JSON.stringify({ pid: orphan.pid, dataDir: chromaDir }));
    const server = new ChromaServer({
      host: '127.0.0.1',
      port: await freePort(),
      dataDir: chromaDir,
      startTimeoutMs: 30_000,
      restart: { initialMs: 100, maxMs: 1_000 },
      log: silentLogger,
      health: new Health(),
    });
    try {
      await server.start();
      expect(isAlive(orphan.pid!)).toBe(false);
      expect(await heartbeat(orphan.url)).toBe(false);
      expect(await heartbeat(server.url)).toBe(true);
    } finally {
      await server.stop();
      await orphan.kill();
    }
  });

  it('does not outlive a daemon killed with SIGKILL', async () => {
    const dataDir = tempDir('nadine-data-');
    const daemon = spawn(process.execPath, built('src/main.ts', ['--no-mqtt']), {
      cwd: REPO,
      env: { ...process.env, NADINE_PATHS__DATA: dataDir, NADINE_LLM__ENABLED: 'false', NADINE_LOG__LEVEL: 'silent' },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    try {
      const pidfile = path.join(dataDir, 'chroma', 'nadine-chroma.pid');
      await waitFor(() => existsSync(pidfile), 30_000, 'the embedded server to start');
      const { pid, url } = JSON.parse(readFileSync(pidfile, 'utf8')) as { pid: number; url: string };
      await waitFor(() => heartbeat(url), 30_000, 'the embedded server to answer');
      daemon.kill('SIGKILL');
      await waitFor(() => !isAlive(pid), 15_000, `ChromaDB (pid ${pid}) to end with the daemon`);
      expect(await heartbeat(url)).toBe(false);
    } finally {
      daemon.kill('SIGKILL');
    }
  });

  it('leaves nothing behind that holds the process open once stopped, whatever its grace period', async () => {
    // A process that starts the server, stops it and has nothing left to do must end at once:
    // a pending grace timer (10 minutes here) would keep a stopped daemon alive until it fires.
    const script = [
      `import { ChromaServer } from ${JSON.stringify(path.join(REPO, 'src/vectors/index.ts'))};`,
      `import { Health } from ${JSON.stringify(path.join(REPO, 'src/health/index.ts'))};`,
      `import { silentLogger } from ${JSON.stringify(path.join(REPO, 'src/log/index.ts'))};`,
      `const server = new ChromaServer({ host: '127.0.0.1', port: ${await freePort()}, dataDir: ${JSON.stringify(tempDir('nadine-chroma-'))}, startTimeoutMs: 60000, restart: { initialMs: 100, maxMs: 1000 }, log: silentLogger, health: new Health(), stopGraceMs: 600000 });`,
      'await server.start();',
      'await server.stop();',
      "process.stdout.write('stopped');",
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    try {
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(out).toBe('stopped');
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL'); // a process still held open must not outlive a failed test
    }
  });
});
