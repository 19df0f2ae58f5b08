import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { freePort } from '../../src/vectors/index.js';

export interface BenchDaemon {
  /** A client of the daemon's embedded broker, subscribed to `subscribe`. */
  client: MqttClient;
  stop(): Promise<void>;
}

let built = false;

/** `npm start`'s node arguments (V8 flags, then the entry point), from package.json: one source of truth. */
function startCommand(repo: string): string[] {
  const start = (JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const [node, ...args] = start.split(/\s+/);
  if (node !== 'node' || !args.length) throw new Error(`package.json's start script is not "node …": ${start}`);
  return args.map((a) => (a.startsWith('-') ? a : path.join(repo, a)));
}

/** Compiles the daemon once per bench run, as `npm start` does. */
function buildOnce(repo: string): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', path.join(repo, 'tsconfig.build.json')], { cwd: repo, stdio: 'inherit' });
  built = true;
}

/**
 * The daemon as robots run it (`npm start`): its own process running the compiled JavaScript
 * (tsx's loader and source maps would add their own cost to every turn), its embedded broker on
 * a free port, configured by environment variables like any deployment.
 */
export async function startBenchDaemon(options: {
  repo: string;
  dataDir: string;
  env: Record<string, string>;
  subscribe: string[];
}): Promise<BenchDaemon> {
  buildOnce(options.repo);
  const port = await freePort('127.0.0.1');
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the daemon while it is measured.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const daemon: ChildProcess = spawn(process.execPath, [...nodeArgs, ...startCommand(options.repo)], {
    cwd: options.repo,
    env: { ...process.env, NADINE_BROKER__PORT: String(port), NADINE_LOG__LEVEL: 'warn', NADINE_PATHS__DATA: options.dataDir, ...options.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()));
  const stop = async () => {
    if (daemon.exitCode === null) daemon.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 1000 });
      // As a robot's processes should: without TCP_NODELAY, Nagle holds a small publish back behind
      // an unacknowledged one (e.g. end_speak behind start_speak) until the peer's delayed ACK, ~40 ms.
      (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      // The embedded broker listens before the daemon has subscribed: an utterance published now
      // could be lost. The retained status says "online" once it has.
      await online(client);
      await client.subscribeAsync(options.subscribe, { qos: 1 });
      return {
        client,
        stop: async () => {
          await client.endAsync();
          await stop();
        },
      };
    } catch (err) {
      if (Date.now() > deadline || daemon.exitCode !== null) {
        await stop();
        throw err;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function online(client: MqttClient, prefix = 'nadine/'): Promise<void> {
  const topic = `${prefix}agent/status`;
  const heard = new Promise<void>((resolve) => {
    const listener = (t: string, payload: Buffer) => {
      if (t !== topic || (JSON.parse(payload.toString()) as { status?: string }).status !== 'online') return;
      client.off('message', listener);
      resolve();
    };
    client.on('message', listener);
  });
  await client.subscribeAsync(topic, { qos: 1 });
  await heard;
  await client.unsubscribeAsync(topic);
}

/**
 * Plays an instant control stack: each sentence is "said" at once (start_speak, end_speak), so
 * replies are spoken out and the next utterance is not a barge-in.
 */
export function instantControlStack(client: MqttClient, prefix = 'nadine/'): void {
  client.on('message', (topic) => {
    if (topic !== `${prefix}agent/control/speak`) return;
    void client.publishAsync(`${prefix}agent/feedback/start_speak`, '');
    void client.publishAsync(`${prefix}agent/feedback/end_speak`, '');
  });
}
