import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import type { ConfigInput } from '../../src/config/index.js';
import { chromaCliPath } from '../../src/vectors/index.js';
import { tempDir } from './config.js';
import { freePort } from './mosquitto.js';

/**
 * A real ChromaDB server (`chroma run` from the chromadb package) on a free port with its own
 * data folder, started independently of the daemon's supervisor so tests can kill it at will.
 */
export interface ChromaProcess {
  url: string;
  port: number;
  dataDir: string;
  readonly pid: number | null;
  /** Kills it (SIGKILL by default) and waits until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again: same port, same data. */
  restart(): Promise<void>;
}

export async function heartbeat(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/v2/heartbeat`, { signal: AbortSignal.timeout(1_000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startChroma(dataDir = tempDir('nadine-chroma-')): Promise<ChromaProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(process.execPath, [chromaCliPath(), 'run', '--path', dataDir, '--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore' });
    await waitFor(() => heartbeat(url), 30_000, `ChromaDB on ${url}`);
  };
  await start();
  return {
    url,
    port,
    dataDir,
    get pid() {
      return child?.pid ?? null;
    },
    kill: async (signal = 'SIGKILL') => {
      const c = child as ChildProcess | null;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill(signal);
      });
      child = null;
    },
    restart: start,
  };
}

let files = 0;

/**
 * One ChromaDB server for all the daemons of a file, each daemon in collections of its own (a
 * prefix of its own). A daemon without `chroma.url` starts and stops a server of its own: seconds
 * of CPU for every test that starts a daemon. Call at the top of a file; put what the returned
 * function gives into each daemon's config.
 */
export function chromaPerFile(): () => NonNullable<ConfigInput['chroma']> {
  let server: ChromaProcess | null = null;
  const file = ++files;
  let daemons = 0;
  beforeAll(async () => {
    server = await startChroma();
  });
  afterAll(() => server?.kill());
  return () => ({ url: server!.url, collectionPrefix: `f${file}d${++daemons}p${process.pid}` });
}
