import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { z } from 'zod';
import { densify, featurize, FeaturizerSpecSchema, type FeaturizerSpec } from './featurize.js';
import { IntentSchema, INTENTS, type Intent } from './labels.js';
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

/** The on-device intent model: hashed n-gram features, then the trained MLP in onnxruntime. */
export class OnnxIntentClassifier implements IntentClassifier {
  private constructor(
    private readonly session: ort.InferenceSession,
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
    try {
      // One thread: a single short input gains nothing from more, and the robot has other work.
      session = await ort.InferenceSession.create(modelPath, {
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
    const classifier = new OnnxIntentClassifier(session, meta);
    // A model that does not fit its meta file would give silent nonsense: check it once now.
    const probe = await classifier.classify('hello');
    const sum = Object.values(probe.scores).reduce((a, b) => a + b, 0);
    if (!Number.isFinite(sum) || Math.abs(sum - 1) > 1e-3) {
      throw new IntentModelError(`${modelPath} does not output probabilities over ${meta.labels.length} intents`);
    }
    return classifier;
  }

  get spec(): FeaturizerSpec {
    return this.meta.featurizer;
  }

  async classify(text: string): Promise<IntentPrediction> {
    const started = performance.now();
    const { dims } = this.meta.featurizer;
    densify(featurize(text, this.meta.featurizer), dims, this.input);
    const out = await this.session.run({ features: new ort.Tensor('float32', this.input, [1, dims]) });
    const probs = out.probabilities?.data;
    if (!(probs instanceof Float32Array) || probs.length !== this.meta.labels.length) {
      throw new IntentModelError('intent model returned no probabilities');
    }
    let best = 0;
    for (let i = 1; i < probs.length; i++) if (probs[i]! > probs[best]!) best = i;
    const scores = Object.fromEntries(this.meta.labels.map((l, i) => [l, probs[i]!])) as Record<Intent, number>;
    return { intent: this.meta.labels[best]!, confidence: probs[best]!, scores, ms: performance.now() - started };
  }
}
