import type { ModelFile, ModelSpec } from './download.js';

/**
 * The real models the daemon uses, as published on the Hugging Face hub in the transformers.js
 * layout. Sizes and sha256 are the project's list of known-good files (the weights' and the
 * tokenizers'); a file without a listed checksum is verified against the size the server
 * announces, and its sha256 is printed.
 */

export const HF_BASE_URL = 'https://huggingface.co';

const MINILM_WEIGHTS: Record<'fp32' | 'q8' | 'fp16', ModelFile> = {
  fp32: { path: 'onnx/model.onnx', bytes: 90387606, sha256: '759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e' },
  q8: { path: 'onnx/model_quantized.onnx', bytes: 22972370, sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1' },
  fp16: { path: 'onnx/model_fp16.onnx', bytes: 45297825, sha256: '2cdb5e58291813b6d6e248ed69010100246821a367fa17b1b81ae9483744533d' },
};
export type MiniLMVariant = keyof typeof MINILM_WEIGHTS;
export const MINILM_VARIANTS = Object.keys(MINILM_WEIGHTS) as MiniLMVariant[];

export function miniLMSpec(variants: readonly MiniLMVariant[] = ['fp32', 'q8']): ModelSpec {
  return {
    repo: 'Xenova/all-MiniLM-L6-v2',
    folder: 'all-MiniLM-L6-v2',
    revision: 'main',
    files: [
      { path: 'config.json', sha256: '7135149f7cffa1a573466c6e4d8423ed73b62fd2332c575bf738a0d033f70df7' },
      { path: 'special_tokens_map.json', sha256: 'b6d346be366a7d1d48332dbc9fdf3bf8960b5d879522b7799ddba59e76237ee3' },
      { path: 'tokenizer.json', sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0' },
      { path: 'tokenizer_config.json', sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3' },
      { path: 'vocab.txt', sha256: '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3' },
      ...variants.map((v) => MINILM_WEIGHTS[v]),
    ],
  };
}

export function clipSpec(): ModelSpec {
  return {
    repo: 'Xenova/clip-vit-base-patch32',
    folder: 'clip-vit-base-patch32',
    revision: 'main',
    files: [
      { path: 'config.json', sha256: '493ef57ff783e42d1530c91b53469b7fdf8db8a9c1408e86998fcb7899a4f495' },
      { path: 'merges.txt', sha256: '9fd691f7c8039210e0fced15865466c65820d09b63988b0174bfe25de299051a' },
      { path: 'preprocessor_config.json', sha256: '6f638fb9401a6d6296feff533ee7efe657b787c49f954f82f5906b36ef2a1b1f' },
      { path: 'special_tokens_map.json', sha256: 'c4864a9376a8401918425bed71fc14fc0e81f9b59ec45c1cf96cccb2df508eac' },
      { path: 'tokenizer.json', sha256: 'f7f3b7af117d467b58374797691a6438d3e6b9e9cef800dfd5dced7f697a90cd' },
      { path: 'tokenizer_config.json', sha256: '60ba2912bc6344c94bc16bbdec27fa1209409167b6f2fdf3cfe9e65462ea3967' },
      { path: 'vocab.json', sha256: '5047b556ce86ccaf6aa22b3ffccfc52d391ea4accdab9c2f2407da5b742d4363' },
      // No listed checksum for the text encoder: verified against the size the hub announces.
      { path: 'onnx/text_model.onnx' },
      { path: 'onnx/vision_model.onnx', bytes: 351685709, sha256: 'fd6e1402a588279d1723c7534d4bcba5bc0b14b47dfab0e46f8c47b8270d7d40' },
    ],
  };
}

/**
 * The embedded language model (Apache-2.0): small enough for a robot's CPU, good enough to talk.
 * Pinned to a revision; size and sha256 are the hub's for that file (its LFS object id).
 */
export function embeddedLlmSpec(): ModelSpec {
  return {
    repo: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
    folder: 'gguf',
    revision: '91cad51170dc346986eccefdc2dd33a9da36ead9',
    files: [{ path: 'qwen2.5-1.5b-instruct-q4_k_m.gguf', bytes: 1117320736, sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e' }],
  };
}

export const REAL_MODELS = {
  minilm: (variants?: readonly MiniLMVariant[]) => miniLMSpec(variants),
  clip: () => clipSpec(),
  qwen: () => embeddedLlmSpec(),
} as const;
export type RealModelKey = keyof typeof REAL_MODELS;
