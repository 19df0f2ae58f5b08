import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  AutoImageProcessor,
  AutoTokenizer,
  CLIPTextModelWithProjection,
  CLIPVisionModelWithProjection,
  env,
  LogLevel,
  RawImage,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  type Tensor,
} from '@huggingface/transformers';
import { z } from 'zod';
import type { EncoderIdentity } from './embedding-cache.js';
import { normalize } from './vectors.js';
import { oneLineZodError } from '../log/index.js';

/** CLIP's two encoders, into one shared embedding space; every vector is L2-normalised. */
export interface ClipEncoder extends EncoderIdentity {
  /** The model's name (config `_name_or_path`), compared with a scene's `embedding_model`. */
  readonly model: string;
  /** True for the generated stand-in: random weights, meaningless embeddings. */
  readonly standin: boolean;
  embedTexts(texts: string[]): Promise<Float32Array[]>;
  /** An encoded image file (JPEG, PNG, WebP). */
  embedImage(bytes: Uint8Array): Promise<Float32Array>;
  close(): Promise<void>;
}

export class ClipModelError extends Error {
  override name = 'ClipModelError';
}

/** The transformers.js layout of Xenova/clip-vit-base-patch32 (fp32 weights). */
export const CLIP_MODEL_FILES = [
  'config.json',
  'tokenizer.json',
  'tokenizer_config.json',
  'preprocessor_config.json',
  'onnx/text_model.onnx',
  'onnx/vision_model.onnx',
] as const;

const ClipConfigSchema = z
  .object({
    _name_or_path: z.string().optional(),
    model_type: z.literal('clip'),
    projection_dim: z.number().int().positive(),
    nadine_standin: z.unknown().optional(),
  })
  .loose();

/** Model files come from disk only; the library logs to the console only on errors. */
function strictlyLocal(): void {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useFSCache = false;
  env.logLevel = LogLevel.ERROR;
}

/**
 * CLIP through transformers.js: CLIPTextModelWithProjection with its tokenizer, and
 * CLIPVisionModelWithProjection with its image processor (images decoded by RawImage).
 */
export class TransformersClipEncoder implements ClipEncoder {
  private constructor(
    readonly id: string,
    readonly model: string,
    readonly dims: number,
    readonly standin: boolean,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly processor: Awaited<ReturnType<typeof AutoImageProcessor.from_pretrained>>,
    private readonly textModel: PreTrainedModel,
    private readonly visionModel: PreTrainedModel,
  ) {}

  /** Loads the model in `dir`; throws ClipModelError naming what is missing or wrong. */
  static async load(dir: string): Promise<TransformersClipEncoder> {
    const missing = CLIP_MODEL_FILES.filter((f) => !existsSync(path.join(dir, f)));
    if (missing.length) throw new ClipModelError(`no CLIP model at ${dir} (missing ${missing.join(', ')})`);
    const configText = await readFile(path.join(dir, 'config.json'), 'utf8');
    const config = ClipConfigSchema.safeParse(JSON.parse(configText));
    if (!config.success) throw new ClipModelError(`${dir}/config.json is not a CLIP config: ${oneLineZodError(config.error)}`);

    strictlyLocal();
    const options = { local_files_only: true } as const;
    const modelOptions = { ...options, dtype: 'fp32', device: 'cpu' } as const;
    let parts;
    try {
      parts = await Promise.all([
        AutoTokenizer.from_pretrained(dir, options),
        AutoImageProcessor.from_pretrained(dir, options),
        CLIPTextModelWithProjection.from_pretrained(dir, modelOptions),
        CLIPVisionModelWithProjection.from_pretrained(dir, modelOptions),
      ]);
    } catch (err) {
      throw new ClipModelError(`cannot load the CLIP model at ${dir}: ${(err as Error).message}`);
    }
    const model = config.data._name_or_path ?? path.basename(dir);
    const dims = config.data.projection_dim;
    const encoder = new TransformersClipEncoder(
      `${model}@${dims}d#${await fingerprint(dir, configText)}`,
      model,
      dims,
      config.data.nadine_standin !== undefined,
      ...parts,
    );
    // A model whose output does not fit its config would give silent nonsense: check it once now.
    const [probe] = await encoder.embedTexts(['a photo of a person']);
    if (probe?.length !== dims) throw new ClipModelError(`${dir}: the text encoder gives ${probe?.length} dimensions, config.json says ${dims}`);
    return encoder;
  }

  async embedTexts(texts: string[]): Promise<Float32Array[]> {
    if (!texts.length) return [];
    const inputs = this.tokenizer(texts, { padding: true, truncation: true });
    const { text_embeds } = (await this.textModel(inputs)) as { text_embeds: Tensor };
    return rows(text_embeds, this.dims);
  }

  async embedImage(bytes: Uint8Array): Promise<Float32Array> {
    const image = await RawImage.fromBlob(new Blob([bytes]));
    const inputs = await this.processor(image);
    const { image_embeds } = (await this.visionModel(inputs)) as { image_embeds: Tensor };
    const [vector] = rows(image_embeds, this.dims);
    return vector!;
  }

  async close(): Promise<void> {
    await Promise.all([this.textModel.dispose(), this.visionModel.dispose()]);
  }
}

function rows(tensor: Tensor, dims: number): Float32Array[] {
  const data = tensor.data;
  if (!(data instanceof Float32Array) || tensor.dims.at(-1) !== dims) {
    throw new ClipModelError(`CLIP returned ${tensor.type} [${tensor.dims.join(', ')}], expected float32 [n, ${dims}]`);
  }
  const out: Float32Array[] = [];
  for (let offset = 0; offset < data.length; offset += dims) out.push(normalize(data.subarray(offset, offset + dims)));
  return out;
}

/**
 * Tells two models apart cheaply: the config and the sizes of the weight files. Hashing 600 MB of
 * real weights at every start would cost seconds; a stand-in and the real model, or two
 * exports of different models, never share both.
 */
async function fingerprint(dir: string, configText: string): Promise<string> {
  const sizes = await Promise.all(['onnx/text_model.onnx', 'onnx/vision_model.onnx'].map(async (f) => (await stat(path.join(dir, f))).size));
  return createHash('sha256').update(configText).update(sizes.join(',')).digest('hex').slice(0, 12);
}
