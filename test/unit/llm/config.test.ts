import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../src/config/index.js';

const profile = (small: Record<string, unknown>) => ConfigSchema.safeParse({ llm: { profiles: { small } } });
const problems = (small: Record<string, unknown>) => {
  const r = profile(small);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('language model profiles in the configuration', () => {
  it('default to Ollama', () => {
    expect(ConfigSchema.parse({}).llm.profiles.small).toMatchObject({ backend: 'ollama', model: 'qwen2.5:3b' });
  });

  it('say what a backend needs', () => {
    expect(problems({ backend: 'openai', model: 'm' })).toEqual(['llm.profiles.small.url: an openai profile needs the server URL (…/v1)']);
    expect(problems({ backend: 'gguf' })).toEqual(['llm.profiles.small.path: a gguf profile needs the model file path']);
    expect(problems({ backend: 'ollama' })).toEqual(['llm.profiles.small.model: the ollama backend needs a model name']);
    expect(problems({ backend: 'gguf', path: 'a.gguf', multimodal: true })).toEqual(['llm.profiles.small.multimodal: in-process GGUF models take no images']);
    expect(problems({ backend: 'openai', model: 'm', url: 'http://x/v1', apiKeyEnv: 'not a name' })[0]).toMatch(/environment variable name/);
  });

  it('name a GGUF model after its file when no name is given', () => {
    const r = profile({ backend: 'gguf', path: 'models/gguf/qwen2.5-1.5b-instruct-q4_k_m.gguf' });
    expect(r.success && r.data.llm.profiles.small).toMatchObject({ model: 'qwen2.5-1.5b-instruct-q4_k_m', gpu: 'auto', threads: 0 });
  });
});
