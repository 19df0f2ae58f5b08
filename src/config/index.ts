export { ConfigSchema, isLoopback, LanguageSchema, LANGUAGES, LLM_AGENTS, LLM_BACKENDS, MODEL_PROFILES, ProfileNameSchema } from './schema.js';
export type { Config, ConfigInput, Language, LlmAgent, LlmBackendKind, ModelProfile, ProfileName, ThinkSetting } from './schema.js';
export { ConfigError, loadConfig, CONFIG_FILE_ENV, DEFAULT_CONFIG_FILE, ENV_PREFIX } from './load.js';
export type { LoadedConfig, LoadConfigOptions } from './load.js';
export { ENV_ALIASES } from './env-aliases.js';
export type { AppliedAlias } from './env-aliases.js';
