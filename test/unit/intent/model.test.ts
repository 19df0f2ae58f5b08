import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURIZER,
  densify,
  evaluate,
  exportIntentOnnx,
  featurize,
  forward,
  INTENT_META_FILE,
  INTENT_MODEL_FILE,
  IntentModelError,
  OnnxIntentClassifier,
  parseCorpusTsv,
  quantizeFirstLayer,
  trainIntentModel,
} from '../../../src/intent/index.js';
import { OnnxGraphBuilder } from '../../../src/models/onnx-builder.js';
import { MODELS_DIR, REPO, tempDir } from '../../helpers/config.js';

const INTENT_DIR = path.join(MODELS_DIR, 'intent');
const UNSEEN = path.join(REPO, 'test/fixtures/intent/unseen.tsv');

describe('the trained intent model', () => {
  let classifier: OnnxIntentClassifier;
  beforeAll(async () => {
    classifier = await OnnxIntentClassifier.load(INTENT_DIR);
  });

  it('classifies utterances it has never seen, in every language, with high accuracy', async () => {
    // Written independently of the training corpus, by someone who never saw it.
    const unseen = parseCorpusTsv(readFileSync(UNSEEN, 'utf8'), UNSEEN, null);
    const predictions = new Map<string, { intent: (typeof unseen)[number]['intent']; confidence: number }>();
    for (const e of unseen) predictions.set(e.text, await classifier.classify(e.text));
    const result = evaluate((text) => predictions.get(text)!, unseen);
    expect(result.n).toBe(800);
    expect(result.accuracy).toBeGreaterThan(0.9);
    for (const language of ['en', 'de', 'fr', 'zh']) {
      const subset = unseen.filter((e) => e.language === language);
      expect(evaluate((text) => predictions.get(text)!, subset).accuracy, language).toBeGreaterThan(0.85);
    }
  });

  it('gives a probability distribution and its top score as the confidence', async () => {
    const p = await classifier.classify('Kannst du Deutsch sprechen?');
    expect(p.intent).toBe('language_change');
    expect(Object.values(p.scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    expect(p.confidence).toBe(Math.max(...Object.values(p.scores)));
    expect(p.ms).toBeGreaterThan(0);
  });

  it("gives onnxruntime's probabilities, from the rows of the n-grams an utterance has", async () => {
    expect(classifier.engine).toBe('sparse');
    // What onnxruntime computes from the same file, with every one of the 32,768 inputs multiplied.
    const session = await ort.InferenceSession.create(path.join(INTENT_DIR, INTENT_MODEL_FILE), { extra: { session: { disable_quant_qdq: '1' } } });
    const { dims } = classifier.spec;
    const unseen = parseCorpusTsv(readFileSync(UNSEEN, 'utf8'), UNSEEN, null);
    let worst = 0;
    for (const e of unseen) {
      const out = await session.run({ features: new ort.Tensor('float32', densify(featurize(e.text, classifier.spec), dims), [1, dims]) });
      const probs = out.probabilities!.data as Float32Array;
      const got = await classifier.classify(e.text);
      expect(got.intent, e.text).toBe(classifier.meta.labels[probs.indexOf(Math.max(...probs))]);
      classifier.meta.labels.forEach((l, i) => (worst = Math.max(worst, Math.abs(got.scores[l] - probs[i]!))));
    }
    expect(worst).toBeLessThan(1e-5);
    await session.release();
  });

  it('records what it was trained on and how well it did', () => {
    const meta = classifier.meta;
    expect(meta.corpus.examples).toBeGreaterThan(2000);
    expect(meta.metrics.validation.n).toBeGreaterThan(300);
    expect(meta.metrics.validation.accuracy).toBeGreaterThan(0.75);
    expect(meta.metrics.heldout?.n).toBeGreaterThanOrEqual(200);
  });

  it('refuses a model that does not match its meta file, or is not a model at all', async () => {
    const dir = tempDir();
    copyFileSync(path.join(INTENT_DIR, INTENT_MODEL_FILE), path.join(dir, INTENT_MODEL_FILE));
    const meta = JSON.parse(readFileSync(path.join(INTENT_DIR, INTENT_META_FILE), 'utf8'));
    writeFileSync(path.join(dir, INTENT_META_FILE), JSON.stringify({ ...meta, featurizer: { ...meta.featurizer, dims: 1024 } }));
    await expect(OnnxIntentClassifier.load(dir)).rejects.toThrow();

    writeFileSync(path.join(dir, INTENT_META_FILE), JSON.stringify(meta));
    writeFileSync(path.join(dir, INTENT_MODEL_FILE), 'not an onnx file');
    await expect(OnnxIntentClassifier.load(dir)).rejects.toThrow(IntentModelError);

    writeFileSync(path.join(dir, INTENT_META_FILE), '{"format": 1}');
    await expect(OnnxIntentClassifier.load(dir)).rejects.toThrow(/cannot use/);
  });
});

describe('training', () => {
  const tiny = parseCorpusTsv(
    [
      'intent\tlanguage\ttarget_language\ttext',
      'first_greeting\ten\t\tHello there',
      'first_greeting\ten\t\tGood morning',
      'end_conversation\ten\t\tGoodbye',
      'end_conversation\ten\t\tSee you later',
      'language_change\ten\tde\tSpeak German please',
      'update_user_info\ten\t\tMy name is Ana',
      'continue_conversation\ten\t\tWhat time is it?',
    ].join('\n'),
    'tiny.tsv',
    null,
  );
  const options = { hidden: 8, epochs: 40, batchSize: 4, learningRate: 0.01, dropout: 0, labelSmoothing: 0, seed: 1, patience: 4 };
  const spec = { ...DEFAULT_FEATURIZER, dims: 512 };

  /** A tiny model's file beside the shipped meta (with the tiny featurizer), loaded as the daemon loads one. */
  async function loadTiny(model: Uint8Array): Promise<OnnxIntentClassifier> {
    const dir = tempDir();
    writeFileSync(path.join(dir, INTENT_MODEL_FILE), model);
    const meta = JSON.parse(readFileSync(path.join(INTENT_DIR, INTENT_META_FILE), 'utf8'));
    writeFileSync(path.join(dir, INTENT_META_FILE), JSON.stringify({ ...meta, featurizer: spec, hidden: 8 }));
    return OnnxIntentClassifier.load(dir);
  }

  /** The classifier gives the trained weights' probabilities on the tiny corpus. */
  async function expectScoresOf(classifier: OnnxIntentClassifier, weights: ReturnType<typeof trainIntentModel>): Promise<void> {
    for (const e of tiny) {
      const expected = forward(weights, featurize(e.text, spec));
      expect((await classifier.classify(e.text)).scores[e.intent], e.text).toBeCloseTo(expected[weights.labels.indexOf(e.intent)]!, 5);
    }
  }

  it('is reproducible: the same corpus and seed give the same ONNX bytes', () => {
    const a = exportIntentOnnx(trainIntentModel(tiny, spec, options));
    const b = exportIntentOnnx(trainIntentModel(tiny, spec, options));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = exportIntentOnnx(trainIntentModel(tiny, spec, { ...options, seed: 2 }));
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('learns its training data, and the exported ONNX model agrees with it', async () => {
    const weights = trainIntentModel(tiny, spec, options);
    for (const e of tiny) {
      const p = forward(weights, featurize(e.text, spec));
      expect(weights.labels[p.indexOf(Math.max(...p))], e.text).toBe(e.intent);
    }
    // The first layer ships as int4: the weights the ONNX file must agree with are the quantized ones.
    quantizeFirstLayer(weights);
    for (const e of tiny) {
      const p = forward(weights, featurize(e.text, spec));
      expect(weights.labels[p.indexOf(Math.max(...p))], `${e.text}, quantized`).toBe(e.intent);
    }
    const onnx = await loadTiny(exportIntentOnnx(weights));
    expect(onnx.engine).toBe('sparse');
    await expectScoresOf(onnx, weights);
  });

  it('runs a graph of another shape on onnxruntime, as it is', async () => {
    const weights = trainIntentModel(tiny, spec, options);
    // The first layer in plain floats, not int4: not the graph the export writes.
    const g = new OnnxGraphBuilder('intent_dense');
    const x = g.input('features', 'float', ['batch', spec.dims]);
    const h = g.op('Relu', [g.op('Add', [g.op('MatMul', [x, g.weight('W1', [spec.dims, 8], weights.W1)]), g.weight('b1', [8], weights.b1)])]);
    const logits = g.op('Add', [g.op('MatMul', [h, g.weight('W2', [8, weights.labels.length], weights.W2)]), g.weight('b2', [weights.labels.length], weights.b2)]);
    g.op('Softmax', [logits], { axis: { int: -1 } }, ['probabilities']);
    g.output('probabilities', 'float', ['batch', weights.labels.length]);
    const dense = await loadTiny(g.toBytes({ opset: 21 }));
    expect(dense.engine).toBe('onnxruntime');
    await expectScoresOf(dense, weights);
  });

  it('rejects a corpus with broken lines, naming file and line', () => {
    expect(() => parseCorpusTsv('intent\ttarget_language\ttext\ndance\t\tHi\n', 'en.tsv', 'en')).toThrow(/en\.tsv:2: unknown intent "dance"/);
    expect(() => parseCorpusTsv('intent\ttarget_language\ttext\nlanguage_change\t\tSpeak German\n', 'en.tsv', 'en')).toThrow(
      /target_language must be set/,
    );
  });

  it('hashes features deterministically, and separates questions from statements', () => {
    const a = featurize('Can you speak German?', spec);
    expect(featurize('can you  speak german?', spec)).toEqual(a);
    expect(featurize('Can you speak German', spec)).not.toEqual(a);
    const zh = featurize('请说中文', spec);
    expect(zh.indices.length).toBeGreaterThan(3);
    const norm = Math.hypot(...zh.values);
    expect(norm).toBeCloseTo(1, 5);
  });
});
