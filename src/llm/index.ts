export { OllamaLanguageModel } from './ollama.js';
export type { OllamaLanguageModelOptions } from './ollama.js';
export { LlmError, unavailableToAgents } from './port.js';
export type { LanguageModel, LlmErrorKind, LlmCallRecord, LlmHealthSnapshot, LlmMessage, LlmObserver, LlmRequest } from './port.js';
export { extractJsonText, parseModelJson, parseModelJsonOr } from './json.js';
export type { ParsedJson } from './json.js';
