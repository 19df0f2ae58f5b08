import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigSchema, type Config, type ConfigInput } from '../../src/config/index.js';

export const REPO = path.resolve(import.meta.dirname, '../..');
export const MODELS_DIR = path.join(REPO, 'models');

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

export function deepMerge<T extends Plain>(base: T, over: Plain): T {
  const out: Plain = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isPlain(v) && isPlain(out[k]) ? deepMerge(out[k] as Plain, v) : v;
  return out as T;
}

export function tempDir(prefix = 'nadine-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * A config for tests: embedded broker on a free port, no language model unless a test points
 * llm.url at a fake Ollama, a fresh data directory, the repository's models.
 */
export function testConfig(overrides: ConfigInput = {}): Config {
  const base: ConfigInput = {
    broker: { port: 0 },
    llm: { enabled: false, url: 'http://127.0.0.1:9', healthIntervalMs: 60_000, timeouts: { healthMs: 1_000 } },
    paths: { models: MODELS_DIR, data: tempDir() },
    mqtt: { connectTimeoutMs: 5_000, reconnect: { initialMs: 100, maxMs: 1_000 } },
    log: { level: 'silent' },
  };
  return ConfigSchema.parse(deepMerge(base as Plain, overrides as Plain));
}
