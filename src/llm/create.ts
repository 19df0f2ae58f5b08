import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config, ModelProfile, ProfileName } from '../config/index.js';
import { LlmService, type LanguageModelOptions } from './service.js';

export interface CreateLanguageModelOptions extends LanguageModelOptions {
  /** paths.models: where the embedded GGUF model is looked for. */
  modelsDir: string;
}

export const embeddedModelPath = (llm: Config['llm'], modelsDir: string) => path.resolve(modelsDir, llm.embedded.path);

/** Every profile on the embedded GGUF file, in process; the profiles keep their temperatures. */
function embeddedProfiles(llm: Config['llm'], file: string): Config['llm']['profiles'] {
  const model = path.basename(file).replace(/\.gguf$/i, '');
  const onFile = (p: ModelProfile): ModelProfile => ({
    backend: 'gguf',
    model,
    path: file,
    ...(p.temperature !== undefined && { temperature: p.temperature }),
    num_ctx: llm.embedded.num_ctx,
    multimodal: false,
    structuredOutput: 'json_schema',
    think: p.think,
    gpu: 'auto',
    threads: llm.embedded.threads,
  });
  return Object.fromEntries(Object.entries(llm.profiles).map(([name, p]) => [name, onFile(p)])) as Record<ProfileName, ModelProfile>;
}

/**
 * The language model as configured, started. A robot configured for Ollama alone whose Ollama
 * does not answer at start-up, and that has the embedded model file (npm run models:download),
 * talks with that model in process instead of falling back to its offline answers.
 */
export async function createLanguageModel(options: CreateLanguageModelOptions): Promise<LlmService> {
  const { config, log } = options;
  const llm = new LlmService(options);
  await llm.start();
  const file = embeddedModelPath(config, options.modelsDir);
  const onOllamaOnly = Object.values(config.profiles).every((p) => p.backend === 'ollama');
  if (!config.enabled || !config.embedded.enabled || !onOllamaOnly || llm.health().reachable || !existsSync(file)) return llm;

  await llm.stop();
  log.warn({ url: config.url, model: file }, 'no Ollama answers: the embedded model answers in process (restart to use Ollama once it is up)');
  const embedded = new LlmService({ ...options, config: { ...config, profiles: embeddedProfiles(config, file) } });
  await embedded.start();
  return embedded;
}
