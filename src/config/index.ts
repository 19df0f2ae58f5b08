export { ConfigSchema, isLoopback, LanguageSchema, LANGUAGES, LLM_AGENTS, MODEL_PROFILES, ProfileNameSchema } from './schema.js';
export type { Config, ConfigInput, Language, LlmAgent, ProfileName } from './schema.js';
export { ConfigError, loadConfig, CONFIG_FILE_ENV, DEFAULT_CONFIG_FILE, ENV_PREFIX } from './load.js';
export type { LoadedConfig, LoadConfigOptions } from './load.js';
