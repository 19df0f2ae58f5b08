import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURIZER,
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
    const dir = tempDir();
    writeFileSync(path.join(dir, INTENT_MODEL_FILE), exportIntentOnnx(weights));
    const meta = JSON.parse(readFileSync(path.join(INTENT_DIR, INTENT_META_FILE), 'utf8'));
    writeFileSync(path.join(dir, INTENT_META_FILE), JSON.stringify({ ...meta, featurizer: spec, hidden: 8 }));
    const onnx = await OnnxIntentClassifier.load(dir);
    for (const e of tiny) {
      const expected = forward(weights, featurize(e.text, spec));
      const got = await onnx.classify(e.text);
      expect(got.scores[e.intent]).toBeCloseTo(expected[weights.labels.indexOf(e.intent)]!, 5);
    }
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
