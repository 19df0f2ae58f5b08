import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { z } from 'zod';
import { readIntentOnnx } from './export.js';
import { densify, featurize, FeaturizerSpecSchema, type FeaturizerSpec } from './featurize.js';
import { IntentSchema, INTENTS, type Intent } from './labels.js';
import { forward, type IntentWeights } from './train.js';
import { oneLineZodError } from '../log/index.js';

export const INTENT_MODEL_FILE = 'intent.onnx';
export const INTENT_META_FILE = 'intent.meta.json';

const MetricsSchema = z.object({ n: z.number(), accuracy: z.number() }).loose();

/** 2: a validation split for calibration and early stopping, and the held-out set's figures. */
export const INTENT_META_FORMAT = 2;

/** Written beside the model by the training script; read back and checked at load. */
export const IntentMetaSchema = z.strictObject({
  format: z.literal(INTENT_META_FORMAT),
  labels: z.array(IntentSchema).length(INTENTS.length),
  featurizer: FeaturizerSpecSchema,
  hidden: z.number().int().positive(),
  corpus: z.strictObject({ sha256: z.string(), examples: z.number().int(), files: z.array(z.string()) }),
  training: z.record(z.string(), z.unknown()),
  /** validation: the corpus split calibrated on; heldout and heldoutB: test/fixtures/intent/heldout.tsv and heldout-b.tsv, never tuned on. */
  metrics: z.strictObject({ validation: MetricsSchema, heldout: MetricsSchema.nullable(), heldoutB: MetricsSchema.nullable().default(null), unseen: MetricsSchema.nullable() }),
});
export type IntentMeta = z.infer<typeof IntentMetaSchema>;

export interface IntentPrediction {
  intent: Intent;
  confidence: number;
  scores: Record<Intent, number>;
  /** Time spent featurising and in ONNX inference. */
  ms: number;
}

export interface IntentClassifier {
  classify(text: string): Promise<IntentPrediction>;
}

export class IntentModelError extends Error {
  override name = 'IntentModelError';
}

/** Utterances the weights read back must classify as onnxruntime does before they replace it. */
const PROBES = ['hello', 'My name is Ana and I work at the bank.', 'Wo ist der Aufzug?', 'Au revoir, à bientôt !', '¿Hablas inglés?', '你好，我叫李明。'];

/** How far a probability computed from the weights read back may be from onnxruntime's (float rounding). */
const AGREEMENT = 1e-4;

/**
 * The on-device intent model: hashed n-gram features, then the trained MLP. The model file is the
 * ONNX export; onnxruntime loads and checks it. An utterance sets some dozens of the 32,768
 * inputs, and onnxruntime multiplies all of them (the 25 MB first layer read on every turn, 2–3 ms
 * on the main thread, on the path to the first word): the weights are read back from the file and
 * only the rows of the n-grams present are summed (`forward`, which training and the export check
 * use), once they give onnxruntime's probabilities on probe utterances. A graph of another shape
 * is run by onnxruntime, as before.
 */
export class OnnxIntentClassifier implements IntentClassifier {
  private constructor(
    private readonly session: ort.InferenceSession | null,
    private readonly weights: IntentWeights | null,
    readonly meta: IntentMeta,
    private readonly input = new Float32Array(meta.featurizer.dims),
  ) {}

  static async load(dir: string): Promise<OnnxIntentClassifier> {
    const metaPath = path.join(dir, INTENT_META_FILE);
    const modelPath = path.join(dir, INTENT_MODEL_FILE);
    let meta: IntentMeta;
    try {
      const parsed = IntentMetaSchema.safeParse(JSON.parse(await readFile(metaPath, 'utf8')));
      if (!parsed.success) throw new Error(oneLineZodError(parsed.error));
      meta = parsed.data;
    } catch (err) {
      throw new IntentModelError(`cannot use ${metaPath}: ${(err as Error).message.split('\n')[0]}`);
    }
    let session: ort.InferenceSession;
    let bytes: Uint8Array;
    try {
      bytes = await readFile(modelPath);
      // One thread: a single short input gains nothing from more, and the robot has other work.
      session = await ort.InferenceSession.create(bytes, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
        // The int4 first layer is a constant: let onnxruntime fold its DequantizeLinear into floats
        // once, at load (+0.1 s), instead of keeping the quantized form and dequantizing 6 million
        // weights on every utterance (0.8 ms a classification here, not 11).
        extra: { session: { disable_quant_qdq: '1' } },
      });
    } catch (err) {
      throw new IntentModelError(`cannot load ${modelPath}: ${(err as Error).message}`);
    }
    const onnxruntime = new OnnxIntentClassifier(session, null, meta);
    // A model that does not fit its meta file would give silent nonsense: check it once now.
    // One after the other: a classification's input buffer is reused by the next.
    const probes: IntentPrediction[] = [];
    for (const text of PROBES) probes.push(await onnxruntime.classify(text));
    const sum = Object.values(probes[0]!.scores).reduce((a, b) => a + b, 0);
    if (!Number.isFinite(sum) || Math.abs(sum - 1) > 1e-3) {
      throw new IntentModelError(`${modelPath} does not output probabilities over ${meta.labels.length} intents`);
    }
    const weights = readIntentOnnx(bytes, meta.labels, meta.featurizer);
    const sparse = weights && new OnnxIntentClassifier(null, weights, meta);
    const agrees = sparse && PROBES.every((text, i) => meta.labels.every((l) => Math.abs(sparse.#scores(text)[l] - probes[i]!.scores[l]) <= AGREEMENT));
    if (!sparse || !agrees) return onnxruntime;
    await session.release();
    return sparse;
  }

  get spec(): FeaturizerSpec {
    return this.meta.featurizer;
  }

  /** What computes the probabilities: the weights read back, or onnxruntime (a graph of another shape). */
  get engine(): 'sparse' | 'onnxruntime' {
    return this.weights ? 'sparse' : 'onnxruntime';
  }

  async classify(text: string): Promise<IntentPrediction> {
    const started = performance.now();
    const scores = this.weights ? this.#scores(text) : await this.#onnxScores(text);
    const best = this.meta.labels.reduce((a, b) => (scores[b] > scores[a] ? b : a));
    return { intent: best, confidence: scores[best], scores, ms: performance.now() - started };
  }

  #scores(text: string): Record<Intent, number> {
    return this.#named(forward(this.weights!, featurize(text, this.meta.featurizer)));
  }

  async #onnxScores(text: string): Promise<Record<Intent, number>> {
    const { dims } = this.meta.featurizer;
    densify(featurize(text, this.meta.featurizer), dims, this.input);
    const out = await this.session!.run({ features: new ort.Tensor('float32', this.input, [1, dims]) });
    const probs = out.probabilities?.data;
    if (!(probs instanceof Float32Array) || probs.length !== this.meta.labels.length) {
      throw new IntentModelError('intent model returned no probabilities');
    }
    return this.#named(probs);
  }

  #named(probs: Float32Array): Record<Intent, number> {
    return Object.fromEntries(this.meta.labels.map((l, i) => [l, probs[i]!])) as Record<Intent, number>;
  }
}
