import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTENT_META_FILE, INTENT_MODEL_FILE, type OnnxIntentClassifier } from '../../src/intent/index.js';
import { ModelShelf } from '../../src/shared-models.js';
import { tempDir } from '../helpers/config.js';

function modelDir(): string {
  const dir = tempDir('nadine-shelf-');
  for (const f of [INTENT_META_FILE, INTENT_MODEL_FILE]) writeFileSync(path.join(dir, f), f);
  return dir;
}

/** A loader counting its loads, its models on the given engine. */
function loader(engine: OnnxIntentClassifier['engine']) {
  const loaded: OnnxIntentClassifier[] = [];
  const load = async () => {
    const model = { engine } as unknown as OnnxIntentClassifier;
    loaded.push(model);
    return model;
  };
  return { load, loaded };
}

describe('the model shelf of a process', () => {
  it('lends the intent model computing in JS to every daemon, and loads it again once its files change', async () => {
    const dir = modelDir();
    const shelf = new ModelShelf();
    const { load, loaded } = loader('sparse');
    const first = await shelf.intent(dir, load);
    expect(await shelf.intent(dir, load)).toBe(first);
    expect(loaded).toHaveLength(1);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, INTENT_MODEL_FILE), later, later);
    expect(await shelf.intent(dir, load)).not.toBe(first);
    expect(shelf.loads).toBe(2);
  });

  it('does not lend a model on onnxruntime (it reuses an input buffer), nor cache a missing one', async () => {
    const shelf = new ModelShelf();
    const onnx = loader('onnxruntime');
    const dir = modelDir();
    expect(await shelf.intent(dir, onnx.load)).not.toBe(await shelf.intent(dir, onnx.load));
    const missing = loader('sparse');
    const empty = tempDir('nadine-shelf-');
    await shelf.intent(empty, missing.load);
    await shelf.intent(empty, missing.load);
    expect(missing.loaded).toHaveLength(2);
  });
});
