export { LlmService } from './service.js';
export type { LanguageModelOptions } from './service.js';
export { createLanguageModel, embeddedModelPath } from './create.js';
export type { CreateLanguageModelOptions } from './create.js';
export { LlmError, unavailableToAgents } from './port.js';
export type { LanguageModel, LlmErrorKind, LlmCallRecord, LlmHealthSnapshot, LlmMessage, LlmObserver, LlmRequest } from './port.js';
export { askModel } from './ask.js';
export type { ModelCall, ModelCallOptions, ModelCallPorts } from './ask.js';
export { parseModelJson } from './json.js';
export type { ParsedJson } from './json.js';
// The port began on Ollama alone; existing callers keep the old names.
export { LlmService as OllamaLanguageModel } from './service.js';
export type { LanguageModelOptions as OllamaLanguageModelOptions } from './service.js';
