import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ConfigSchema, type Config } from '../config/index.js';
import { startDaemon, type Daemon } from '../daemon.js';
import type { Clock } from '../dialogue/index.js';
import { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { ModelShelf } from '../shared-models.js';
import { ChromaServer, freePort } from '../vectors/index.js';
import type { KnowledgeSeed } from './knowledge-seed.js';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deepMerge(base: Plain, over: Plain): Plain {
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isPlain(v) && isPlain(out[k]) ? deepMerge(out[k] as Plain, v) : v;
  return out;
}

export interface EvalDaemonOptions {
  /** A configuration file to start from (default: the embedded defaults, whatever ./nadine.config.yaml says). */
  configFile?: string | null;
  /** The scenario's overrides. */
  overrides: Plain;
  /** Ollama for the daemon (null: no language model, the offline paths, deterministic). */
  ollamaUrl: string | null;
  /** A shared ChromaDB server (null: the daemon starts its embedded one). */
  chromaUrl: string | null;
  /** Known people: id → name, written before start as face recognition and the daemon keep them. */
  people: Record<string, string>;
  log: Logger;
  /** Keep the data directory afterwards (for looking into it). */
  keepData?: boolean;
  /** The daemon's clock (a replayed visit runs on the recorded times). */
  clock?: Clock;
  /** The run's knowledge index, copied into the data directory before the start (see KnowledgeSeed). */
  knowledgeSeed?: KnowledgeSeed;
  /** The run's models, loaded by its first daemon (see ModelShelf). */
  shelf?: ModelShelf;
}

export interface EvalDaemon {
  daemon: Daemon;
  config: Config;
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

let instances = 0;

/**
 * The daemon for one scenario, in this process: its defaults, a fresh data directory, the
 * embedded broker on a free port, a collection prefix of its own, and the scenario's people.
 */
export async function startEvalDaemon(options: EvalDaemonOptions): Promise<EvalDaemon> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nadine-eval-'));
  const fromFile = options.configFile ? (parseYaml(readFileSync(options.configFile, 'utf8')) as Plain) ?? {} : {};
  const defaults = ConfigSchema.parse({}) as unknown as Plain;
  const runner: Plain = {
    broker: { port: 0 },
    paths: { data: dataDir },
    llm: options.ollamaUrl ? { enabled: true, url: options.ollamaUrl } : { enabled: false },
    chroma: { ...(options.chromaUrl && { url: options.chromaUrl }), collectionPrefix: `eval${++instances}x${process.pid}` },
    // Another process may already hold the default HTTP port: the runner needs no HTTP server.
    ...(isPlain(defaults.http) && 'enabled' in defaults.http && { http: { enabled: false } }),
  };
  const parsed = ConfigSchema.safeParse(deepMerge(deepMerge(fromFile, runner), options.overrides));
  if (!parsed.success) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the daemon's configuration with the scenario's overrides is invalid:\n${z.prettifyError(parsed.error)}`);
  }
  const config = parsed.data;

  writeFileSync(path.join(dataDir, 'user_ids.json'), JSON.stringify(options.people));
  for (const [id, name] of Object.entries(options.people)) {
    const dir = path.join(dataDir, 'memory', 'user_profiles', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'user_info.json'), JSON.stringify({ user_id: id, user_name: name }));
  }
  options.knowledgeSeed?.plant(config);
  const daemon = await startDaemon({ config, log: options.log, mqtt: true, ...(options.clock && { clock: options.clock }), ...(options.shelf && { shelf: options.shelf }) });
  const url = daemon.broker?.url ?? config.mqtt.url;
  if (!url) throw new Error('the daemon has neither an embedded broker nor mqtt.url');
  return {
    daemon,
    config,
    url,
    dataDir,
    stop: async () => {
      await daemon.stop();
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One ChromaDB server for a whole eval run, each daemon in collections of its own (the runner
 * gives each a collection prefix): a server started per visit cost each visit its start, 2 s
 * of a second process at full tilt, while the other visits were being timed beside it.
 */
export async function startSharedChroma(log: Logger): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nadine-eval-chroma-'));
  const { chroma } = ConfigSchema.parse({});
  const server = new ChromaServer({ host: chroma.host, port: await freePort(chroma.host), dataDir, startTimeoutMs: chroma.startTimeoutMs, restart: chroma.restart, log, health: new Health() });
  try {
    await server.start();
  } catch (err) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
