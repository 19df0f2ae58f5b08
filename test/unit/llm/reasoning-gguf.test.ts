import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlamaModel } from 'node-llama-cpp';
import { ReasoningFilter } from '../../../src/llm/reasoning.js';
import { REPO } from '../../helpers/config.js';

/** A real, tiny GGUF model beside the repository: its tokenizer cuts text the way the in-process backend streams it. */
const FILE = [path.resolve(REPO, '../shared'), '/work/shared'].map((dir) => path.join(dir, 'models/gguf/stories260K.gguf')).find((f) => existsSync(f)) ?? '';
const present = FILE !== '';

describe.skipIf(!present)('the reasoning filter on a GGUF token stream (stories260K)', () => {
  let model: LlamaModel;
  beforeAll(async () => {
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
    model = await llama.loadModel({ modelPath: FILE });
  }, 120_000);
  afterAll(async () => {
    await model?.dispose();
  });

  /** The text as the in-process backend hands it on: one piece per token, detokenized in the context of the ones before. */
  const tokenStream = (text: string) => {
    const tokens = model.tokenize(text);
    return tokens.map((_, i) => model.detokenize(tokens.slice(0, i + 1)).slice(model.detokenize(tokens.slice(0, i)).length));
  };

  it.each([
    ['<think>The girl wants a story.</think>Once upon a time there was a cat.', 'Once upon a time there was a cat.', 'The girl wants a story.'],
    ['Once upon a time <thinking>a dog or a cat?</thinking>there was a dog.', 'Once upon a time there was a dog.', 'a dog or a cat?'],
    ['Once upon a time. <think>and then she', 'Once upon a time. ', 'and then she'],
  ])('splits %j token by token', (text, answer, reasoning) => {
    const stream = tokenStream(text);
    // The tokenizer cuts the tags into several tokens: the filter must hold the pieces back.
    expect(stream.length).toBeGreaterThan(text.split(' ').length);
    expect(stream.join('')).toBe(text);
    const filter = new ReasoningFilter();
    const pieces = [...stream.flatMap((t) => filter.push(t)), ...filter.end()];
    expect(pieces.filter((p) => p.kind === 'answer').map((p) => p.text).join('')).toBe(answer);
    expect(pieces.filter((p) => p.kind === 'reasoning').map((p) => p.text).join('')).toBe(reasoning);
  });
});
