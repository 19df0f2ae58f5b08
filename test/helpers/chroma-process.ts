import { spawn, type ChildProcess } from 'node:child_process';
// Not the vectors index: the run-wide set-up (test/global-chroma.ts) starts a server without loading the store.
import { chromaCliPath } from '../../src/vectors/chroma-cli.js';
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

/** Waits until the ChromaDB server at `url` answers its heartbeat. */
export function chromaReady(url: string, timeoutMs = 30_000): Promise<void> {
  return waitFor(() => heartbeat(url), timeoutMs, `ChromaDB on ${url}`);
}

/**
 * Starts a server and waits until it answers, unless `ready: false`: then whoever uses it waits
 * (`chromaReady`), and the caller gets on with other work while the server starts.
 */
export async function startChroma(dataDir = tempDir('nadine-chroma-'), { ready = true }: { ready?: boolean } = {}): Promise<ChromaProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async (wait: boolean) => {
    child = spawn(process.execPath, [chromaCliPath(), 'run', '--path', dataDir, '--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore' });
    if (wait) await chromaReady(url);
  };
  await start(ready);
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
    restart: () => start(true),
  };
}
