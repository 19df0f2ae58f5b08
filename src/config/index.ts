export { ConfigSchema, LanguageSchema, LANGUAGES, LLM_AGENTS, MODEL_PROFILES, ProfileNameSchema } from './schema.js';
export { LLM_BACKENDS } from './schema.js';
export type { Config, ConfigInput, Language, LlmAgent, LlmBackendKind, ModelProfile, ProfileName } from './schema.js';
export { ConfigError, loadConfig, CONFIG_FILE_ENV, DEFAULT_CONFIG_FILE, ENV_PREFIX } from './load.js';
export type { LoadedConfig, LoadConfigOptions } from './load.js';
