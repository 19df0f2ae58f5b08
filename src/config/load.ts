import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { aliasValue, ENV_ALIASES, type AppliedAlias } from './env-aliases.js';
import { renamedEnvName, renameSettings } from './renames.js';
import { ConfigSchema, type Config } from './schema.js';

export const ENV_PREFIX = 'NADINE_';
/** Names the config file; every other NADINE_* variable overrides one setting. */
export const CONFIG_FILE_ENV = 'NADINE_CONFIG';
export const DEFAULT_CONFIG_FILE = 'nadine.config.yaml';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadedConfig {
  config: Config;
  /** The file that was read, if any. */
  file: string | null;
  /** Environment variables that overrode a setting. */
  envOverrides: string[];
  /** The reference robot's variables that were read as aliases of a setting (to be logged). */
  envAliases: AppliedAlias[];
  /** Renamed settings given under their old name (still read, for one release). */
  deprecations: string[];
}

export interface LoadConfigOptions {
  /** Explicit config file (e.g. from --config); wins over NADINE_CONFIG. */
  file?: string | null;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

// Every setting with its default: the map env variable names are resolved against.
const DEFAULTS = ConfigSchema.parse({}) as unknown as JsonObject;

export function loadConfig(options: LoadConfigOptions = {}): LoadedConfig {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const file = resolveConfigFile(options.file ?? env[CONFIG_FILE_ENV] ?? null, cwd);
  const fromFile = file ? readConfigFile(file) : {};

  const origins = new Map<string, string>();
  const problems: string[] = [];
  const merged = structuredClone(fromFile);
  const deprecations = renameSettings(merged).map((w) => (file ? `${file}: ${w}` : w));
  const envAliases: AppliedAlias[] = [];
  for (const [name, raw] of Object.entries(env)) {
    if (!(name in ENV_ALIASES) || raw === undefined) continue;
    const alias = aliasValue(name, raw);
    if (typeof alias === 'string') problems.push(alias);
    else if (!env[canonicalEnvName(ENV_ALIASES[name]!)]) {
      setPath(merged, [...ENV_ALIASES[name]!], alias.value);
      origins.set(alias.setting, name);
      envAliases.push(alias);
    }
  }
  for (const [given, raw] of Object.entries(env)) {
    if (!given.startsWith(ENV_PREFIX) || given === CONFIG_FILE_ENV || given in ENV_ALIASES || raw === undefined) continue;
    const renamed = renamedEnvName(given, ENV_PREFIX);
    if (renamed) deprecations.push(renamed.warning);
    const name = renamed?.name ?? given;
    const resolved = resolveEnvPath(name);
    if (typeof resolved === 'string') {
      problems.push(resolved);
      continue;
    }
    setPath(merged, resolved.path, convertEnvValue(raw, resolved.leafDefault));
    origins.set(resolved.path.join('.'), name);
  }
  if (problems.length) throw new ConfigError(problems);

  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(describeIssues(parsed.error.issues, origins, file));
  }
  const config = parsed.data;
  checkFiles(config, cwd);
  return { config, file, envOverrides: [...origins.values()].filter((n) => !(n in ENV_ALIASES)), envAliases, deprecations };
}

/** ['agents', 'memory'] → NADINE_AGENTS__MEMORY. */
const canonicalEnvName = (path: readonly string[]) => ENV_PREFIX + path.map((k) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()).join('__');

function resolveConfigFile(given: string | null, cwd: string): string | null {
  if (given) {
    const file = path.resolve(cwd, given);
    if (!existsSync(file)) throw new ConfigError([`config file ${file}: does not exist`]);
    return file;
  }
  const fallback = path.resolve(cwd, DEFAULT_CONFIG_FILE);
  return existsSync(fallback) ? fallback : null;
}

function readConfigFile(file: string): JsonObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError([`config file ${file}: cannot be read (${(err as Error).message})`]);
  }
  let doc: unknown;
  try {
    // YAML is a superset of JSON, so one parser serves both formats.
    doc = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (err) {
    throw new ConfigError([`config file ${file}: not valid YAML/JSON: ${(err as Error).message.split('\n')[0]}`]);
  }
  if (doc === null || doc === undefined) return {};
  if (!isObject(doc)) throw new ConfigError([`config file ${file}: must contain a mapping of settings at the top level`]);
  return doc;
}

const normalizeKey = (s: string) => s.replace(/_/g, '').toLowerCase();

/** NADINE_LLM__TIMEOUTS__FIRST_TOKEN_MS → ['llm', 'timeouts', 'firstTokenMs']. */
function resolveEnvPath(name: string): { path: string[]; leafDefault: Json } | string {
  const segments = name.slice(ENV_PREFIX.length).split('__');
  const resolved: string[] = [];
  let node: Json = DEFAULTS;
  for (const segment of segments) {
    if (!isObject(node)) return `${name}: "${resolved.join('.')}" has no sub-settings`;
    const key = Object.keys(node).find((k) => normalizeKey(k) === normalizeKey(segment));
    if (!key) {
      const where = resolved.length ? `"${resolved.join('.')}"` : 'the configuration';
      const aliases = resolved.length ? '' : `; the only other NADINE_ variables are NADINE_CONFIG and the aliases ${Object.keys(ENV_ALIASES).join(', ')}`;
      return `${name}: ${where} has no setting "${segment.toLowerCase()}" (known: ${Object.keys(node).join(', ')})${aliases}`;
    }
    resolved.push(key);
    node = node[key] as Json;
  }
  return { path: resolved, leafDefault: node };
}

// Strings stay strings (a password of "123" must not become a number); everything else is JSON.
function convertEnvValue(raw: string, leafDefault: Json): Json {
  if (typeof leafDefault === 'string') return raw;
  if (leafDefault === null) return raw === '' || raw === 'null' ? null : raw;
  try {
    return JSON.parse(raw) as Json;
  } catch {
    return raw; // the schema names the field and the expected type
  }
}

function setPath(target: JsonObject, keys: string[], value: Json): void {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as JsonObject;
  }
  node[keys[keys.length - 1]!] = value;
}

function describeIssues(issues: z.core.$ZodIssue[], origins: Map<string, string>, file: string | null): string[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(top level)';
    const envName = [...origins.entries()].find(([p]) => field === p || field.startsWith(`${p}.`))?.[1];
    const source = envName ? ` (set by ${envName})` : file ? ` (in ${file})` : '';
    let reason = issue.message;
    if (issue.code === 'unrecognized_keys') reason = `unknown setting(s): ${issue.keys.join(', ')}`;
    return `${field}: ${reason}${source}`;
  });
}

function checkFiles(config: Config, cwd: string): void {
  const problems: string[] = [];
  for (const [key, file] of Object.entries(config.mqtt.tls)) {
    if (typeof file !== 'string') continue;
    try {
      accessSync(path.resolve(cwd, file), constants.R_OK);
    } catch {
      problems.push(`mqtt.tls.${key}: cannot read file ${file}`);
    }
  }
  const hasClientPair = Boolean(config.mqtt.tls.cert) === Boolean(config.mqtt.tls.key);
  if (!hasClientPair) problems.push('mqtt.tls: cert and key must be given together');
  if (!config.mqtt.url && !config.broker.enabled) {
    problems.push('broker.enabled: is false but no mqtt.url is set: the daemon would have no broker to talk to');
  }
  if (problems.length) throw new ConfigError(problems);
}
