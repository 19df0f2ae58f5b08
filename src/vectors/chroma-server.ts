import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { chromaCliPath } from './chroma-cli.js';
import { ChromaGateway } from './chroma-gateway.js';
import { killStale, PIDFILE } from './pidfile.js';

/** Niceness of the embedded server (0 normal … 19 lowest). */
const BACKGROUND_NICENESS = 10;

/**
 * The CLI blocks its thread inside the native server, so it cannot watch anything itself. This
 * watchdog runs it in a worker thread and ends the process when its stdin closes, i.e. when
 * the daemon is gone, however it went (kill -9 included): no orphaned server holds the port.
 * SIGTERM is left to the server's own handler, which shuts down cleanly.
 */
const WATCHDOG = `
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { setPriority } from 'node:os';
// A lower CPU priority, inherited by the server's threads: on a robot's few cores the turn comes
// first, and the server's work (indexing writes) can wait a few milliseconds.
try { setPriority(${BACKGROUND_NICENESS}); } catch {}
const [cli, ...args] = process.argv.slice(1);
const die = () => process.kill(process.pid, 'SIGKILL');
const worker = new Worker(pathToFileURL(cli), { argv: args, execArgv: [] });
worker.on('error', (err) => { console.error(String(err && err.stack || err)); die(); });
worker.on('exit', die);
process.stdin.on('end', die).on('error', die).resume();
`;

export interface ChromaServerOptions {
  host: string;
  port: number;
  /** The server's data folder (<paths.data>/chroma). */
  dataDir: string;
  startTimeoutMs: number;
  restart: { initialMs: number; maxMs: number };
  /** Time a stopping server gets to shut down before it is killed. */
  stopGraceMs?: number;
  log: Logger;
  health: Health;
}

export interface ChromaServerEvents {
  /** Answering heartbeats (after a start or a restart). */
  ready: [];
  exit: [code: number | null, signal: NodeJS.Signals | null];
}

const ANSI = /\u001b\[[0-9;]*m/g;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** For chroma.port 0: a port nobody listens on now, chosen once so restarts keep the address. */
export async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const alive = (child: ChildProcess | null): child is ChildProcess => child !== null && child.exitCode === null && child.signalCode === null;

/**
 * Supervises the embedded ChromaDB server as a child process: starts it, waits for its
 * heartbeat, restarts it with back-off when it dies, stops it with the daemon, logs its output
 * at debug and reports health ("chroma").
 */
export class ChromaServer extends EventEmitter<ChromaServerEvents> {
  readonly #url: string;
  readonly #port: number;
  readonly #o: ChromaServerOptions;
  readonly #log: Logger;
  readonly #gateway: ChromaGateway;
  #child: ChildProcess | null = null;
  #stopping = false;
  #backoffMs: number;
  #restarts = 0;
  #restartTimer: NodeJS.Timeout | null = null;
  #tail: string[] = [];
  #readyAt: number | null = null;

  constructor(options: ChromaServerOptions) {
    super();
    this.#o = options;
    this.#log = options.log.child({ component: 'chroma' });
    if (options.port < 1) throw new Error('the ChromaDB server needs a port (choose one with freePort)');
    this.#port = options.port;
    this.#url = this.#urlFor(options.port);
    this.#gateway = new ChromaGateway(this.#url);
    this.#backoffMs = options.restart.initialMs;
  }

  get url(): string {
    return this.#url;
  }

  #urlFor(port: number): string {
    return `http://${this.#o.host.includes(':') ? `[${this.#o.host}]` : this.#o.host}:${port}`;
  }

  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  get restarts(): number {
    return this.#restarts;
  }

  /** Spawns the server; resolves when it answers, or rejects after startTimeoutMs (it keeps trying). */
  async start(): Promise<void> {
    this.#stopping = false;
    mkdirSync(this.#o.dataDir, { recursive: true });
    const stale = await killStale(this.#o.dataDir);
    if (stale) this.#log.warn({ pid: stale }, 'stopped a ChromaDB server left running by an earlier daemon');
    if (this.#stopping) return; // stopped while looking for a stale server
    await this.#spawn();
    await this.#waitReady();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#restartTimer) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    const child = this.#child;
    if (child && alive(child)) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      // The grace timer is cleared once the server is gone: left running, it would hold the
      // daemon's process open for the whole grace period after everything else has stopped.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.#o.stopGraceMs ?? 5_000)));
      const ended = await Promise.race([exited.then(() => 'exited' as const), grace]).finally(() => clearTimeout(timer));
      if (ended === 'timeout') {
        this.#log.warn('ChromaDB did not stop in time; killing it');
        child.kill('SIGKILL');
        await exited;
      }
    }
    this.#child = null;
    this.#o.health.set('chroma', 'down', 'stopped');
  }

  async #spawn(): Promise<void> {
    const cli = chromaCliPath();
    const args = ['run', '--path', this.#o.dataDir, '--host', this.#o.host, '--port', String(this.#port)];
    const child = spawn(process.execPath, ['--input-type=module', '-e', WATCHDOG, cli, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    this.#child = child;
    this.#tail = [];
    this.#o.health.set('chroma', 'degraded', `starting on ${this.#url} (data in ${this.#o.dataDir})`);
    this.#log.info({ pid: child.pid, url: this.#url, dataDir: this.#o.dataDir }, 'ChromaDB server starting');
    const onOutput = (chunk: Buffer) => {
      for (const raw of chunk.toString('utf8').split('\n')) {
        const line = raw.replace(ANSI, '').trim();
        // The banner is a drawing; keep lines that say something.
        if (!/[a-z]{3}/i.test(line)) continue;
        this.#tail = [...this.#tail.slice(-19), line];
        this.#log.debug({ pid: child.pid }, line);
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.on('error', (err) => this.#log.error({ err: err.message }, 'ChromaDB server could not be started'));
    child.on('exit', (code, signal) => this.#onExit(child, code, signal));
    if (child.pid) await writeFileAtomic(path.join(this.#o.dataDir, PIDFILE), `${JSON.stringify({ pid: child.pid, dataDir: this.#o.dataDir, url: this.#url })}\n`);
  }

  async #waitReady(): Promise<void> {
    const child = this.#child;
    const deadline = Date.now() + this.#o.startTimeoutMs;
    while (!this.#stopping && child === this.#child && alive(child)) {
      try {
        await this.#gateway.heartbeat(1_000);
        this.#readyAt = Date.now();
        this.#o.health.set('chroma', 'ok', `pid ${child.pid} on ${this.#url}, data in ${this.#o.dataDir}${this.#restarts ? ` (${this.#restarts} restart(s))` : ''}`);
        this.#log.info({ pid: child.pid, url: this.#url }, 'ChromaDB server ready');
        this.emit('ready');
        return;
      } catch {
        if (Date.now() > deadline) break;
        await sleep(100);
      }
    }
    if (this.#stopping || child !== this.#child) return;
    if (child && alive(child)) {
      // Alive but not answering: kill it; the exit handler restarts it.
      this.#log.error({ pid: child.pid, ms: this.#o.startTimeoutMs, output: this.#tail.slice(-5) }, 'ChromaDB server did not answer in time; restarting it');
      child.kill('SIGKILL');
    }
    throw new Error(`ChromaDB server did not answer on ${this.#url} within ${this.#o.startTimeoutMs} ms: ${this.#tail.at(-1) ?? 'no output'}`);
  }

  #onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    this.emit('exit', code, signal);
    if (child !== this.#child || this.#stopping) return;
    // A server that ran for a while starts its back-off afresh; one that keeps dying backs off further.
    if (this.#readyAt !== null && Date.now() - this.#readyAt > this.#o.restart.maxMs) this.#backoffMs = this.#o.restart.initialMs;
    this.#readyAt = null;
    const delay = this.#backoffMs;
    this.#backoffMs = Math.min(this.#backoffMs * 2, this.#o.restart.maxMs);
    const why = `exited (${signal ?? `code ${code}`})${this.#tail.length ? `: ${this.#tail.at(-1)}` : ''}`;
    this.#log.error({ pid: child.pid, code, signal, output: this.#tail.slice(-5), restartInMs: delay }, 'ChromaDB server died; restarting it');
    this.#o.health.set('chroma', 'down', `${why}; restarting in ${delay} ms`);
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      if (this.#stopping) return;
      this.#restarts++;
      this.#spawn()
        .then(() => this.#waitReady())
        .catch((err: Error) => this.#log.warn({ err: err.message }, 'ChromaDB restart failed; trying again'));
    }, delay);
    this.#restartTimer.unref();
  }
}
