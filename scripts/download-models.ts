/**
 * Downloads the real model weights into <models>/<name>/ (transformers.js layout), and the
 * embedded language model into <models>/gguf/, for machines with internet. Every file is verified (sha256 and size from the project's list, or the size
 * the server announces) before it is moved into place; a mismatch deletes it and fails.
 *
 *   npm run models:download [-- --only minilm,clip,qwen] [--minilm fp32,q8,fp16] [--file onnx/text_model.onnx]
 *                              [--models DIR] [--base-url URL] [--force]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { downloadModel, type ModelSpec } from '../src/models/download.js';
import { HF_BASE_URL, MINILM_VARIANTS, REAL_MODELS, type MiniLMVariant, type RealModelKey } from '../src/models/real-models.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    minilm: { type: 'string', default: 'fp32,q8' },
    file: { type: 'string', multiple: true },
    models: { type: 'string' },
    'base-url': { type: 'string', default: HF_BASE_URL },
    force: { type: 'boolean', default: false },
  },
});

const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const known = Object.keys(REAL_MODELS) as RealModelKey[];
  const only = args.only ? list(args.only) : known;
  const unknown = only.filter((k) => !known.includes(k as RealModelKey));
  if (unknown.length) throw new Error(`unknown model(s) ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const variants = list(args.minilm);
  const badVariant = variants.filter((v) => !MINILM_VARIANTS.includes(v as MiniLMVariant));
  if (badVariant.length) throw new Error(`unknown MiniLM variant(s) ${badVariant.join(', ')} (known: ${MINILM_VARIANTS.join(', ')})`);
  const modelsDir = path.resolve(args.models ?? loadConfig().config.paths.models);

  for (const key of only as RealModelKey[]) {
    let spec: ModelSpec = key === 'minilm' ? REAL_MODELS.minilm(variants as MiniLMVariant[]) : REAL_MODELS[key]();
    if (args.file?.length) {
      const files = spec.files.filter((f) => args.file!.includes(f.path));
      if (!files.length) continue;
      spec = { ...spec, files };
    }
    console.log(`${spec.repo} → ${path.join(modelsDir, spec.folder)}`);
    await downloadModel(spec, {
      baseUrl: args['base-url'],
      modelsDir,
      force: args.force,
      onFile: (r) => {
        const check = r.verifiedChecksum ? 'sha256 verified' : `size verified; sha256 ${r.sha256}`;
        console.log(`  ${r.status === 'present' ? '=' : '✓'} ${r.path} (${mib(r.bytes)}, ${check}${r.status === 'present' ? ', already there' : ''})`);
      },
    });
  }
  console.log('done');
}

main().catch((err: Error) => {
  console.error(`download-models: ${err.message}`);
  process.exit(1);
});
